import { meSchema } from '@ponte/shared/account.schema';
import type { Me } from '@ponte/shared/account.schema';
import { apiRequest } from '../../api/api-client';

/** GET /api/v1/users/me */
export function getMe(options: { silent?: boolean } = {}): Promise<Me> {
  return apiRequest('/api/v1/users/me', { schema: meSchema, silent: options.silent });
}
