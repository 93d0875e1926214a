import { tokenResponseSchema } from '@ponte/shared/account.schema';
import type { TokenResponse } from '@ponte/shared/account.schema';
import { apiRequest } from '../../api/api-client';

/** PUT /account/v1/authenticate/refresh: a new token for the same user and workspace. */
export function refreshToken(): Promise<TokenResponse> {
  return apiRequest('/account/v1/authenticate/refresh', {
    method: 'PUT',
    schema: tokenResponseSchema,
    silent: true,
  });
}
