import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const executionsAccess = {
  'GET /api/v1/monitoring/executions/:executionId/data': 'executions.read',
  'GET /api/v1/monitoring/executions/:executionId/data/:nodeUid': 'executions.read',
  'GET /api/v1/monitoring/executions/completed': 'executions.read',
  'GET /api/v1/monitoring/executions/completed/timeseries': 'executions.read',
  'GET /api/v1/monitoring/executions/running': 'executions.read',
  'GET /api/v1/monitoring/executions/waiting': 'executions.read',
  'POST /api/v1/monitoring/executions/:executionId/run-now': 'flows.run',
  'POST /api/v1/monitoring/executions/:executionId/rerun': 'flows.run',
  'POST /api/v1/monitoring/executions/rerun-failed': 'flows.run',
  'POST /api/v1/monitoring/executions/rerun-failed/preview': 'flows.run',
} as const satisfies AccessTable;
