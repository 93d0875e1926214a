import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const apiTokensAccess = {
  'GET /api/v1/api-tokens': 'apiKeys.manage',
  'POST /api/v1/api-tokens': 'apiKeys.manage',
  'DELETE /api/v1/api-tokens/:id': 'apiKeys.manage',
} as const satisfies AccessTable;
