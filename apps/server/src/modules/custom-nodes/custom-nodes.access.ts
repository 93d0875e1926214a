import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const customNodesAccess = {
  'GET /api/v1/custom-nodes': 'customNodes.read',
  'POST /api/v1/custom-nodes': 'customNodes.write',
  'GET /api/v1/custom-nodes/:id': 'customNodes.read',
  'PUT /api/v1/custom-nodes/:id': 'customNodes.write',
  'DELETE /api/v1/custom-nodes/:id': 'customNodes.write',
  'GET /api/v1/custom-nodes/:id/versions': 'customNodes.read',
  'GET /api/v1/custom-nodes/:id/versions/:number': 'customNodes.read',
  'POST /api/v1/custom-nodes/:id/versions/:number/restore': 'customNodes.write',
  'POST /api/v1/custom-nodes/duplicate/:id': 'customNodes.write',
  'POST /api/v1/custom-nodes/test': 'customNodes.write',
  'POST /api/v1/custom-nodes/openapi/read': 'customNodes.write',
  'POST /api/v1/custom-nodes/openapi': 'customNodes.write',
} as const satisfies AccessTable;
