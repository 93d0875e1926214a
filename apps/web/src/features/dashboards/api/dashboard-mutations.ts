import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardBody } from '@ponte/shared/dashboards.schema';
import { apiRequest } from '../../../lib/api/api-client';
import type { VersionStamp } from '../../../lib/versions/version-stamp';
import {
  dashboardDetailKey,
  dashboardPath,
  dashboardsQueryKey,
  versionedDashboardSchema as dashboardSchema,
} from './get-dashboards';
import type { VersionedDashboard as Dashboard } from './get-dashboards';

/**
 * A change to a dashboard changes the lists; a saved dashboard's answer becomes its detail. The
 * removed dashboard's own query is left alone (it would only answer 404).
 */
function useDashboardsMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      const saved = dashboardSchema.safeParse(result);
      if (saved.success) queryClient.setQueryData(dashboardDetailKey(saved.data._id), saved.data);
      return queryClient.invalidateQueries({
        queryKey: dashboardsQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}

/** POST /api/v1/dashboards */
export const useCreateDashboard = () =>
  useDashboardsMutation((body: DashboardBody): Promise<Dashboard> =>
    apiRequest('/api/v1/dashboards', { method: 'POST', body, schema: dashboardSchema }),
  );

/** PUT /api/v1/dashboards/{id}: `version` is the one the editor loaded (409 when stale). */
export const useUpdateDashboard = () =>
  useDashboardsMutation(
    ({ id, body }: { id: string; body: DashboardBody & VersionStamp }): Promise<Dashboard> =>
      apiRequest(dashboardPath(id), { method: 'PUT', body, schema: dashboardSchema }),
  );

/** POST /api/v1/dashboards/duplicate/{id} */
export const useDuplicateDashboard = () =>
  useDashboardsMutation((id: string): Promise<Dashboard> =>
    apiRequest(`/api/v1/dashboards/duplicate/${encodeURIComponent(id)}`, {
      method: 'POST',
      schema: dashboardSchema,
    }),
  );

/** DELETE /api/v1/dashboards/{id} */
export const useDeleteDashboard = () =>
  useDashboardsMutation((id: string) => apiRequest(dashboardPath(id), { method: 'DELETE' }));
