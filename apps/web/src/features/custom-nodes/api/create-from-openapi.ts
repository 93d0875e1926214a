import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customNodeSchema, type CustomNode } from '@ponte/shared/custom-nodes.schema';
import type { OpenApiCreateBody } from '@ponte/shared/custom-nodes-openapi.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { nodeLibraryQueryKey } from '../../../lib/engine/get-node-library';
import { customNodeDetailKey, customNodesQueryKey } from './get-custom-nodes';

/** POST /api/v1/custom-nodes/openapi: a new connector (version 1) of the picked operations. */
export function useCreateFromOpenApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenApiCreateBody): Promise<CustomNode> =>
      apiRequest('/api/v1/custom-nodes/openapi', {
        method: 'POST',
        body,
        schema: customNodeSchema,
      }),
    onSuccess: (created) => {
      queryClient.setQueryData(customNodeDetailKey(created._id), created);
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
