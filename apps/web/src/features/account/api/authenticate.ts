import { useMutation } from '@tanstack/react-query';
import { tokenResponseSchema } from '@ponte/shared/account.schema';
import type { AuthenticateBody, TokenResponse } from '@ponte/shared/account.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** POST /account/v1/authenticate: e-mail and password for a session token. */
export function authenticate(body: AuthenticateBody): Promise<TokenResponse> {
  return apiRequest('/account/v1/authenticate', {
    method: 'POST',
    body,
    schema: tokenResponseSchema,
    keepSessionOnAuthError: true,
  });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
