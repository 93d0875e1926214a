import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const workspacesAccess = {
  'GET /account/v1/workspaces': 'session',
  'POST /account/v1/workspaces': 'instance.own',
  'POST /account/v1/workspaces/switch': 'session',
  'GET /api/v1/workspaces/current': 'session',
  'GET /api/v1/workspaces/current/ai-budget': 'session',
  'PUT /api/v1/workspaces/current/ai-budget': 'instance.own',
} as const satisfies AccessTable;
