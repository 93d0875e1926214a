import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const engineAccess = {
  'GET /engine/library': 'flows.read',
  'POST /engine/lookups': 'flows.write',
  'POST /engine/schema-validator/flow-data': 'flows.read',
  'GET /engine/status': 'executions.read',
  'POST /engine/stop-execution': 'flows.run',
  'GET /engine/stop-execution/restart': 'workspace.settings',
} as const satisfies AccessTable;
