import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const auditAccess = {
  'GET /api/v1/audit': 'audit.read',
  'GET /api/v1/audit/export': 'audit.read',
  'GET /account/v1/security-log': 'audit.read',
} as const satisfies AccessTable;
