import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardListSchema, dashboardSchema } from '@ponte/shared/dashboards.schema';
import type { Dashboard, DashboardList } from '@ponte/shared/dashboards.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';
import { withVersion } from '../../../lib/versions/version-stamp';

/** Every query about dashboards starts with this key. */
export const dashboardsQueryKey = ['dashboards'] as const;

export const dashboardDetailKey = (id: string) => [...dashboardsQueryKey, 'detail', id] as const;

export interface DashboardsParams {
  page: number;
  query: string;
  group: string;
}

export const dashboardPath = (id: string) => `/api/v1/dashboards/${encodeURIComponent(id)}`;

/** A dashboard as the API sends it, with the number of its current version (docs/adr/0103). */
export const versionedDashboardSchema = withVersion(dashboardSchema);
export type VersionedDashboard = Dashboard & { version?: number };

/** GET /api/v1/dashboards: one page of 10, by name and the selected group. */
export function getDashboards({ page, query, group }: DashboardsParams): Promise<DashboardList> {
  return apiRequest('/api/v1/dashboards', {
    query: { page, limit: limits.dashboardsPageSize, query, group },
    schema: dashboardListSchema,
  });
}

export function useDashboards(params: DashboardsParams) {
  return useQuery(
    queryOptions({
      queryKey: [...dashboardsQueryKey, 'list', params],
      queryFn: () => getDashboards(params),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/v1/dashboards/{id}: the dashboard with its widgets. */
export function getDashboard(id: string): Promise<VersionedDashboard> {
  return apiRequest(dashboardPath(id), { schema: versionedDashboardSchema });
}

export function useDashboard(id: string | undefined) {
  return useQuery({
    queryKey: dashboardDetailKey(id ?? ''),
    queryFn: () => getDashboard(id ?? ''),
    enabled: Boolean(id),
  });
}
