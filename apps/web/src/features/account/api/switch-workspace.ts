import { useMutation } from '@tanstack/react-query';
import { tokenResponseSchema } from '@ponte/shared/account.schema';
import type { TokenResponse } from '@ponte/shared/account.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** POST /account/v1/workspaces/switch: a token for another workspace of the user. */
export function switchWorkspace(workspaceId: string): Promise<TokenResponse> {
  return apiRequest('/account/v1/workspaces/switch', {
    method: 'POST',
    body: { workspace_id: workspaceId },
    schema: tokenResponseSchema,
  });
}

export function useSwitchWorkspace() {
  return useMutation({ mutationFn: switchWorkspace });
}
