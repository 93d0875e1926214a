import type { AccessTable } from '../../http/route-access';

/**
 * Who may call each route of the module (docs/adr/0106, docs/adr/0123): owners and admins; the
 * instance's days are read by whoever edits a flow ('Opções do Flow' shows them).
 */
export const retentionAccess = {
  'GET /api/v1/lgpd/retention/instance': 'flows.read',
  'GET /api/v1/lgpd/retention': 'lgpd.manage',
  'GET /api/v1/lgpd/retention/targets': 'lgpd.manage',
  'GET /api/v1/lgpd/retention/runs': 'lgpd.manage',
  'POST /api/v1/lgpd/retention/rules': 'lgpd.manage',
  'PUT /api/v1/lgpd/retention/rules/:id': 'lgpd.manage',
  'DELETE /api/v1/lgpd/retention/rules/:id': 'lgpd.manage',
  'POST /api/v1/lgpd/retention/rules/:id/apply': 'lgpd.manage',
} as const satisfies AccessTable;
