import { useMutation } from '@tanstack/react-query';
import { tokenResponseSchema } from '@ponte/shared/account.schema';
import type { SetupBody, TokenResponse } from '@ponte/shared/account.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** POST /account/v1/setup: owner, customer and first workspace; answers a session token. */
export function createFirstAccount(body: SetupBody): Promise<TokenResponse> {
  return apiRequest('/account/v1/setup', {
    method: 'POST',
    body,
    schema: tokenResponseSchema,
    keepSessionOnAuthError: true,
  });
}

export function useCreateFirstAccount() {
  return useMutation({ mutationFn: createFirstAccount });
}
