import { meSchema } from '@ponte/shared/account.schema';
import type { Me } from '@ponte/shared/account.schema';
import { apiRequest } from '../../api/api-client';

/** GET /api/v1/users/me, with the stored token or `options.token`. */
export function getMe(options: { silent?: boolean; token?: string } = {}): Promise<Me> {
  return apiRequest('/api/v1/users/me', {
    schema: meSchema,
    silent: options.silent,
    ...(options.token === undefined ? {} : { token: options.token }),
  });
}
