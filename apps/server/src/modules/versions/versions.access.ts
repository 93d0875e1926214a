import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const versionsAccess = {
  'GET /api/v1/workspaces/current/version-retention': 'session',
  'PUT /api/v1/workspaces/current/version-retention': 'workspace.settings',
} as const satisfies AccessTable;
