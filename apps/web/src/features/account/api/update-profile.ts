import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileBodySchema } from '@ponte/shared/account.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { getMe } from '../../../lib/session/api/get-me';
import { userStore } from '../../../lib/session/session-store';

/** PUT /api/v1/users/me, then the stored user is reloaded. */
export async function updateProfile(body: z.infer<typeof profileBodySchema>): Promise<void> {
  await apiRequest('/api/v1/users/me', { method: 'PUT', body });
  userStore.set(await getMe({ silent: true }));
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
