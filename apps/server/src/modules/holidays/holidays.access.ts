import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106, docs/adr/0121). */
export const holidaysAccess = {
  'GET /api/v1/holidays': 'holidays.read',
  'POST /api/v1/holidays': 'holidays.write',
  'POST /api/v1/holidays/import': 'holidays.write',
  'GET /api/v1/holidays/:id': 'holidays.read',
  'PUT /api/v1/holidays/:id': 'holidays.write',
  'DELETE /api/v1/holidays/:id': 'holidays.write',
} as const satisfies AccessTable;
