import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106, 0108). */
export const ssoAccess = {
  'GET /api/v1/sso/providers': 'instance.own',
  'POST /api/v1/sso/providers': 'instance.own',
  'PUT /api/v1/sso/providers/:id': 'instance.own',
  'DELETE /api/v1/sso/providers/:id': 'instance.own',
  'PUT /api/v1/sso/settings': 'instance.own',
  'GET /account/v1/sso/providers': 'public',
  'GET /account/v1/sso/:slug/start': 'public',
  'GET /account/v1/sso/:slug/callback': 'public',
} as const satisfies AccessTable;
