import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tokenResponseSchema } from '@ponte/shared/account.schema';
import {
  invitationCreatedSchema,
  invitationListSchema,
  invitationPreviewSchema,
  type InvitationAcceptBody,
  type InvitationBody,
  type InvitationJoinBody,
} from '@ponte/shared/members.schema';
import { apiRequest } from '../../../lib/api/api-client';

const invitationsKey = ['members', 'invitations'] as const;

/** GET /api/v1/members/invitations: the open invitations, never their link. */
export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: invitationsKey,
    queryFn: () => apiRequest('/api/v1/members/invitations', { schema: invitationListSchema }),
    enabled,
  });
}

/** POST /api/v1/members/invitations: the link comes in this answer only. */
export function useCreateInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationBody) =>
      apiRequest('/api/v1/members/invitations', {
        method: 'POST',
        body,
        schema: invitationCreatedSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: invitationsKey }),
  });
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/v1/members/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: invitationsKey }),
  });
}

/** GET /account/v1/invitations/{token}: where the link leads, without a session. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      apiRequest(`/account/v1/invitations/${encodeURIComponent(token)}`, {
        schema: invitationPreviewSchema,
        silent: true,
      }),
    retry: false,
  });
}

/** POST /account/v1/invitations/{token}/accept: a new account, signed in. */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: InvitationAcceptBody) =>
      apiRequest(`/account/v1/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        body,
        schema: tokenResponseSchema,
      }),
  });
}

/**
 * POST /account/v1/invitations/{token}/join: an existing account, checked as a sign-in is;
 * a wrong password is the form's error, not a signing out.
 */
export function useJoinInvitation(token: string) {
  return useMutation({
    mutationFn: (body: InvitationJoinBody) =>
      apiRequest(`/account/v1/invitations/${encodeURIComponent(token)}/join`, {
        method: 'POST',
        body,
        schema: tokenResponseSchema,
        keepSessionOnAuthError: true,
      }),
  });
}
