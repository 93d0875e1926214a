import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const logsAccess = {
  'GET /api/v1/monitoring/logs': 'logs.read',
} as const satisfies AccessTable;
