import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customNodeSchema } from '@ponte/shared/custom-nodes.schema';
import type { CustomNode, CustomNodeBody } from '@ponte/shared/custom-nodes.schema';
import { apiRequest } from '../../../lib/api/api-client';
import type { VersionStamp } from '../../../lib/versions/version-stamp';
import { nodeLibraryQueryKey } from '../../../lib/engine/get-node-library';
import { customNodeDetailKey, customNodePath, customNodesQueryKey } from './get-custom-nodes';

/**
 * A change to a connector changes the lists and the flow editor's palette (an enabled
 * connector is a node of the library). A saved connector's answer becomes its detail; the
 * removed connector's own query is left alone (it would only answer 404).
 */
function useCustomNodesMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      const saved = customNodeSchema.safeParse(result);
      if (saved.success) queryClient.setQueryData(customNodeDetailKey(saved.data._id), saved.data);
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: customNodesQueryKey,
          predicate: (query) => query.queryKey[1] !== 'detail',
        }),
        queryClient.invalidateQueries({ queryKey: nodeLibraryQueryKey }),
      ]);
    },
  });
}

/** POST /api/v1/custom-nodes */
export const useCreateCustomNode = () =>
  useCustomNodesMutation((body: CustomNodeBody): Promise<CustomNode> =>
    apiRequest('/api/v1/custom-nodes', { method: 'POST', body, schema: customNodeSchema }),
  );

/** PUT /api/v1/custom-nodes/{id}: `revision` is the one the editor loaded (409 when stale). */
export const useUpdateCustomNode = () =>
  useCustomNodesMutation(
    ({ id, body }: { id: string; body: CustomNodeBody & VersionStamp }): Promise<CustomNode> =>
      apiRequest(customNodePath(id), { method: 'PUT', body, schema: customNodeSchema }),
  );

/** POST /api/v1/custom-nodes/duplicate/{id}: the copy is created disabled. */
export const useDuplicateCustomNode = () =>
  useCustomNodesMutation((id: string): Promise<CustomNode> =>
    apiRequest(`/api/v1/custom-nodes/duplicate/${encodeURIComponent(id)}`, {
      method: 'POST',
      schema: customNodeSchema,
    }),
  );

/** DELETE /api/v1/custom-nodes/{id} */
export const useDeleteCustomNode = () =>
  useCustomNodesMutation((id: string) => apiRequest(customNodePath(id), { method: 'DELETE' }));
