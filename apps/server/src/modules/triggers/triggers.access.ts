import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const triggersAccess = {
  'GET /engine/flow/manual-trigger/:flowId': 'flows.read',
  'POST /engine/flow/manual-trigger/:flowId': 'flows.run',
  'POST /engine/schedule/next-runs': 'flows.read',
} as const satisfies AccessTable;
