import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userCreateBodySchema } from '@ponte/shared/account.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** POST /account/v1/users (owner only): a new user in the current workspace. */
export function createUser(body: z.infer<typeof userCreateBodySchema>): Promise<unknown> {
  return apiRequest('/account/v1/users', { method: 'POST', body });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}
