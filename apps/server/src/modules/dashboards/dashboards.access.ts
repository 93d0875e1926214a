import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const dashboardsAccess = {
  'GET /api/v1/dashboards': 'dashboards.read',
  'POST /api/v1/dashboards': 'dashboards.write',
  'GET /api/v1/dashboards/:id': 'dashboards.read',
  'PUT /api/v1/dashboards/:id': 'dashboards.write',
  'DELETE /api/v1/dashboards/:id': 'dashboards.write',
  'GET /api/v1/dashboards/:id/versions': 'dashboards.read',
  'GET /api/v1/dashboards/:id/versions/:number': 'dashboards.read',
  'POST /api/v1/dashboards/:id/versions/:number/restore': 'dashboards.write',
  'POST /api/v1/dashboards/duplicate/:id': 'dashboards.write',
  'POST /api/v1/dashboards/query': 'dashboards.read',
} as const satisfies AccessTable;
