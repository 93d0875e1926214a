import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const membersAccess = {
  'GET /api/v1/members': 'members.read',
  'PUT /api/v1/members/:id': 'members.manage',
  'DELETE /api/v1/members/:id': 'members.manage',
  'GET /api/v1/members/invitations': 'members.manage',
  'POST /api/v1/members/invitations': 'members.manage',
  'DELETE /api/v1/members/invitations/:id': 'members.manage',
  'GET /account/v1/invitations/:token': 'public',
  'POST /account/v1/invitations/:token/accept': 'public',
  'POST /account/v1/invitations/:token/join': 'public',
} as const satisfies AccessTable;
