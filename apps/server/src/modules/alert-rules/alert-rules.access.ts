import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const alertRulesAccess = {
  'GET /api/v1/alert-rules': 'alerts.read',
  'POST /api/v1/alert-rules': 'alerts.write',
  'GET /api/v1/alert-rules/:id': 'alerts.read',
  'PUT /api/v1/alert-rules/:id': 'alerts.write',
  'DELETE /api/v1/alert-rules/:id': 'alerts.write',
  'GET /api/v1/alert-rules/:id/firings': 'alerts.read',
  'GET /api/v1/alert-rules/:id/versions': 'alerts.read',
  'GET /api/v1/alert-rules/:id/versions/:number': 'alerts.read',
  'POST /api/v1/alert-rules/:id/versions/:number/restore': 'alerts.write',
  'POST /api/v1/alert-rules/duplicate/:id': 'alerts.write',
  'GET /api/v1/alert-rules/email-senders': 'alerts.read',
  'POST /api/v1/alert-rules/test': 'alerts.write',
} as const satisfies AccessTable;
