import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { tokenResponseSchema } from '@ponte/shared/account.schema';
import type { passwordChangeBodySchema } from '@ponte/shared/account.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { storeSessionToken } from '../../../lib/session/session-store';

/** PUT /api/v1/users/me/password: answers a new token, which replaces the stored one. */
export async function changePassword(
  body: z.infer<typeof passwordChangeBodySchema>,
): Promise<void> {
  const { token } = await apiRequest('/api/v1/users/me/password', {
    method: 'PUT',
    body,
    schema: tokenResponseSchema,
  });
  storeSessionToken(token);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
