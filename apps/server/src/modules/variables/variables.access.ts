import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const variablesAccess = {
  'GET /api/v1/variables': 'variables.read',
  'POST /api/v1/variables': 'variables.write',
  'GET /api/v1/variables/:id': 'variables.read',
  'PUT /api/v1/variables/:id': 'variables.write',
  'DELETE /api/v1/variables/:id': 'variables.write',
} as const satisfies AccessTable;
