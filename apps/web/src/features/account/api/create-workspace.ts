import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { workspaceCreateBodySchema } from '@ponte/shared/account.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { workspacesQueryKey } from './get-workspaces';

/** POST /account/v1/workspaces (owner only). */
export function createWorkspace(body: z.infer<typeof workspaceCreateBodySchema>): Promise<unknown> {
  return apiRequest('/account/v1/workspaces', { method: 'POST', body });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
