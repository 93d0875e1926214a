import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const authAccess = {
  'POST /account/v1/authenticate': 'public',
  'PUT /account/v1/authenticate/refresh': 'session',
  'GET /account/v1/config': 'public',
  'POST /account/v1/logout': 'session',
  'GET /account/v1/setup': 'public',
  'POST /account/v1/setup': 'public',
} as const satisfies AccessTable;
