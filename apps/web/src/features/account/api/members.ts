import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberListSchema, memberSchema, type Member } from '@ponte/shared/members.schema';
import type { Role } from '@ponte/shared/roles';
import { apiRequest } from '../../../lib/api/api-client';

export const membersKey = ['members'] as const;

/** GET /api/v1/members: the workspace's members and their roles. */
export function useMembers() {
  return useQuery({
    queryKey: membersKey,
    queryFn: () => apiRequest('/api/v1/members', { schema: memberListSchema }),
  });
}

/**
 * PUT /api/v1/members/{id}: a new role and, when given, the groups the member is limited to
 * (null: every group; docs/adr/0109), in force from the member's next request.
 */
export function useChangeMemberRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      role,
      groups,
    }: {
      id: string;
      role: Role;
      groups?: string[] | null;
    }): Promise<Member> =>
      apiRequest(`/api/v1/members/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: groups === undefined ? { role } : { role, groups },
        schema: memberSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}

/** DELETE /api/v1/members/{id}: out of the workspace, their sessions here ended. */
export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/v1/members/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}
