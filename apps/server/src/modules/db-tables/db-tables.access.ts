import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const dbTablesAccess = {
  'GET /api/v1/db/entities': 'tables.read',
  'POST /api/v1/db/entities': 'records.write',
  'GET /api/v1/db/entities/:id': 'tables.read',
  'PUT /api/v1/db/entities/:id': 'records.write',
  'DELETE /api/v1/db/entities/:id': 'records.write',
  'GET /api/v1/db/entities/export/:id/csv': 'tables.read',
  'DELETE /api/v1/db/entities/mass': 'records.write',
  'GET /api/v1/db/tables': 'tables.read',
  'POST /api/v1/db/tables': 'tables.write',
  'GET /api/v1/db/tables/:id': 'tables.read',
  'PUT /api/v1/db/tables/:id': 'tables.write',
  'DELETE /api/v1/db/tables/:id': 'tables.write',
  'POST /api/v1/db/tables/:id/duplicate': 'tables.write',
  'GET /api/v1/db/tables/:id/fields/:name/values-count': 'tables.read',
  'GET /api/v1/db/tables/:id/versions': 'tables.read',
  'GET /api/v1/db/tables/:id/versions/:number': 'tables.read',
  'POST /api/v1/db/tables/:id/versions/:number/restore': 'tables.write',
} as const satisfies AccessTable;
