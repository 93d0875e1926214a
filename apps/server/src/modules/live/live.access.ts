import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const liveAccess = {
  'POST /engine/flow/debugger/next-step/:flowId': 'flows.write',
  'POST /engine/flow/debugger/rerun/:executionId': 'flows.write',
  'POST /engine/flow/debugger/start-debug/:flowId': 'flows.write',
  'POST /engine/flow/debugger/stop-debug/:flowId': 'flows.write',
} as const satisfies AccessTable;
