import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormBody } from '@ponte/shared/forms.schema';
import { apiRequest } from '../../../lib/api/api-client';
import type { VersionStamp } from '../../../lib/versions/version-stamp';
import { formPath, formsQueryKey, versionedFormSchema } from './get-forms';

/** Refreshes every form query but the removed form's own (it would only answer 404). */
function useFormsMutation<T, R>(run: (input: T) => Promise<R>, keepDetail = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: formsQueryKey,
        predicate: keepDetail ? undefined : (query) => query.queryKey[1] !== 'detail',
      }),
  });
}

/** POST /api/v1/forms */
export const useCreateForm = () =>
  useFormsMutation((body: FormBody) =>
    apiRequest('/api/v1/forms', { method: 'POST', body, schema: versionedFormSchema }),
  );

/** PUT /api/v1/forms/{id}: `version` is the one the builder loaded (409 when it is stale). */
export const useUpdateForm = () =>
  useFormsMutation(({ id, body }: { id: string; body: FormBody & VersionStamp }) =>
    apiRequest(formPath(id), { method: 'PUT', body, schema: versionedFormSchema }),
  );

/** DELETE /api/v1/forms/{id} */
export const useDeleteForm = () =>
  useFormsMutation((id: string) => apiRequest(formPath(id), { method: 'DELETE' }), false);
