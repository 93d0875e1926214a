import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const membersAccess = {
  'GET /api/v1/members': 'members.read',
  'PUT /api/v1/members/:id': 'members.manage',
  'DELETE /api/v1/members/:id': 'members.manage',
} as const satisfies AccessTable;
