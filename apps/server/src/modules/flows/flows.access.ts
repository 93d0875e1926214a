import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const flowsAccess = {
  'GET /api/v1/flows': 'flows.read',
  'POST /api/v1/flows': 'flows.write',
  'GET /api/v1/flows/:id': 'flows.read',
  'PUT /api/v1/flows/:id': 'flows.write',
  'DELETE /api/v1/flows/:id': 'flows.write',
  'GET /api/v1/flows/:id/versions': 'flows.read',
  'GET /api/v1/flows/:id/versions/:number': 'flows.read',
  'POST /api/v1/flows/:id/versions/:number/restore': 'flows.write',
  'POST /api/v1/flows/duplicate/:id': 'flows.write',
  'POST /api/v1/flows/network-check': 'flows.write',
} as const satisfies AccessTable;
