import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106, docs/adr/0124): owners and admins. */
export const lgpdAccess = {
  'POST /api/v1/lgpd/titulars/search': 'lgpd.manage',
  'POST /api/v1/lgpd/titulars/erase': 'lgpd.manage',
  'GET /api/v1/lgpd/titulars/requests': 'lgpd.manage',
  'GET /api/v1/lgpd/titulars/requests/:id/report': 'lgpd.manage',
} as const satisfies AccessTable;
