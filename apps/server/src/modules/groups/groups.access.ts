import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const groupsAccess = {
  'GET /api/v1/groups': 'groups.read',
  'POST /api/v1/groups': 'groups.write',
  'GET /api/v1/groups/:id': 'groups.read',
  'PUT /api/v1/groups/:id': 'groups.write',
  'DELETE /api/v1/groups/:id': 'groups.write',
} as const satisfies AccessTable;
