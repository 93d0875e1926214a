import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const usersAccess = {
  'POST /account/v1/users': 'members.manage',
  'GET /api/v1/users/me': 'session',
  'PUT /api/v1/users/me': 'session',
  'PUT /api/v1/users/me/password': 'session',
  'PUT /api/v1/users/refresh': 'session',
} as const satisfies AccessTable;
