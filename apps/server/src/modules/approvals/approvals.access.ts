import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const approvalsAccess = {
  'GET /api/v1/approvals': 'executions.read',
  'POST /api/v1/approvals/:id/decision': 'approvals.decide',
} as const satisfies AccessTable;
