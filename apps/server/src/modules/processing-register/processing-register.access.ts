import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106, docs/adr/0125). */
export const processingRegisterAccess = {
  'GET /api/v1/lgpd/register': 'lgpd.manage',
  'GET /api/v1/lgpd/register/csv': 'lgpd.manage',
  'GET /api/v1/lgpd/register/pdf': 'lgpd.manage',
} as const satisfies AccessTable;
