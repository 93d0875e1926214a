import type { Approval, ApprovalDecisionBody, ApprovalList } from '@ponte/shared/approvals.schema';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { approvalTokenHash } from '../../adapters/approvals-port';
import { AppError, notFound } from '../../lib/app-error';
import type { ResumeRequest } from '../executions/execution-enqueue';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createApprovalsRepository, type ApprovalWithFlow } from './approvals.repository';
import type { GroupLimit } from '../../lib/group-access/group-scope';

const m = messages.agent;

export interface ApprovalsServiceDeps {
  db: Database;
  now: () => Date;
  /** Resumes a waiting execution (the runner's); false when it was not waiting. */
  resume(workspaceId: string, executionId: string, request: ResumeRequest): Promise<boolean>;
  /** The execution's status in the workspace, or null when it is gone. */
  executionStatus(workspaceId: string, executionId: string): Promise<string | null>;
  /** The flow's document, for the agent node's name (null when the flow is gone). */
  flowDocument(workspaceId: string, flowId: string): Promise<FlowDocument | null>;
}

const decided = (message: string) => new AppError(409, errorCodes.approvalDecided, message);

/**
 * Approvals of agents' tool calls (docs/adr/0100): the workspace's pending list, and decisions
 * by a member or by the link; a decision resumes the waiting execution with it, once.
 */
export function createApprovalsService(deps: ApprovalsServiceDeps) {
  const repository = createApprovalsRepository(deps.db);
  const nodeName = async (row: ApprovalWithFlow) => {
    const node = (await deps.flowDocument(row.workspaceId, row.flowId))?.nodes.find(
      (candidate) => candidate.uid === row.nodeUid,
    );
    return node?.label || 'Agente de IA';
  };
  const toApproval = async (row: ApprovalWithFlow): Promise<Approval> => ({
    _id: row.id,
    status: row.status,
    execution_id: row.executionId,
    flow: { _id: row.flowId, name: row.flowName ?? 'Flow removido' },
    node: { uid: row.nodeUid, name: await nodeName(row) },
    tool: { name: row.toolName, label: row.toolLabel, kind: row.toolKind },
    arguments: row.arguments,
    model_text: row.modelText,
    requested_at: row.requestedAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: row.decidedBy,
    reason: row.reason,
  });

  async function decide(row: ApprovalWithFlow, body: ApprovalDecisionBody, by: string) {
    if (row.status !== 'pending') throw decided(m.approvalAlreadyDecided);
    const at = deps.now();
    if ((await deps.executionStatus(row.workspaceId, row.executionId)) !== 'waiting') {
      await repository.cancel(row.id, at);
      throw decided(m.approvalNotWaiting);
    }
    const approved = body.decision === 'approve';
    const reason = approved ? null : body.reason || null;
    const kept = await repository.decide(row.id, {
      status: approved ? 'approved' : 'rejected',
      by,
      reason,
      at,
    });
    if (!kept) throw decided(m.approvalAlreadyDecided);
    const resumed = await deps.resume(row.workspaceId, row.executionId, {
      nodeUid: row.nodeUid,
      msg: (kept.input ?? {}) as Record<string, unknown>,
      value: {
        approvalId: row.id,
        decision: approved ? 'approved' : 'rejected',
        reason,
        decidedBy: by,
        state: kept.state,
      },
      flowData: (kept.flowData ?? {}) as Record<string, unknown>,
    });
    if (!resumed) throw decided(m.approvalNotWaiting);
    return toApproval((await repository.find(row.workspaceId, row.id))!);
  }

  return {
    async list(workspaceId: string, within?: GroupLimit): Promise<ApprovalList> {
      const rows = await repository.pending(workspaceId, within);
      return { items: await Promise.all(rows.map(toApproval)) };
    },

    /** A member decides: their name is recorded. */
    async decide(workspaceId: string, userId: string, id: string, body: ApprovalDecisionBody) {
      const row = await repository.find(workspaceId, id);
      if (!row) throw notFound(m.approvalNotFound);
      const [user] = await deps.db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, userId));
      return decide(row, body, user?.name ?? 'Membro do workspace');
    },

    /** The approval behind a link, or 404. */
    async details(token: string): Promise<Approval> {
      const row = await repository.findByToken(approvalTokenHash(token));
      if (!row) throw notFound(m.approvalLinkInvalid);
      return toApproval(row);
    },

    /** Whoever holds the link decides. */
    async decideByToken(token: string, body: ApprovalDecisionBody): Promise<Approval> {
      const row = await repository.findByToken(approvalTokenHash(token));
      if (!row) throw notFound(m.approvalLinkInvalid);
      return decide(row, body, m.approvalByLink);
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
