import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentApprovals, executions, flows } from '../../db/schema';
import { ofFlowsWithin, type GroupLimit } from '../../lib/group-access/group-scope';

export type ApprovalRow = typeof agentApprovals.$inferSelect;
export type NewApprovalRow = typeof agentApprovals.$inferInsert;

/** An approval with its flow's name (null when the flow was removed). */
export type ApprovalWithFlow = ApprovalRow & { flowName: string | null };

const columns = { approval: agentApprovals, flowName: flows.name };

/** The agents' approval requests (docs/adr/0100); every read by workspace or by token. */
export function createApprovalsRepository(db: Database) {
  const withFlow = () =>
    db
      .select(columns)
      .from(agentApprovals)
      .leftJoin(
        flows,
        and(eq(flows.id, agentApprovals.flowId), eq(flows.workspaceId, agentApprovals.workspaceId)),
      );
  const flat = (rows: { approval: ApprovalRow; flowName: string | null }[]) =>
    rows.map(({ approval, flowName }) => ({ ...approval, flowName }));
  return {
    async insert(row: NewApprovalRow): Promise<void> {
      await db.insert(agentApprovals).values(row);
    },

    /**
     * The workspace's pending approvals whose execution still waits, oldest first; `within`:
     * only those of flows in the caller's groups (docs/adr/0109).
     */
    async pending(workspaceId: string, within?: GroupLimit): Promise<ApprovalWithFlow[]> {
      const rows = await withFlow()
        .innerJoin(executions, eq(executions.id, agentApprovals.executionId))
        .where(
          and(
            eq(agentApprovals.workspaceId, workspaceId),
            eq(agentApprovals.status, 'pending'),
            eq(executions.status, 'waiting'),
            ofFlowsWithin(agentApprovals.flowId, within),
          ),
        )
        .orderBy(asc(agentApprovals.requestedAt), asc(agentApprovals.id))
        .limit(500);
      return flat(rows.map(({ approval, flowName }) => ({ approval, flowName })));
    },

    async find(workspaceId: string, id: string): Promise<ApprovalWithFlow | null> {
      const rows = await withFlow().where(
        and(eq(agentApprovals.workspaceId, workspaceId), eq(agentApprovals.id, id)),
      );
      return flat(rows)[0] ?? null;
    },

    async findByToken(tokenHash: string): Promise<ApprovalWithFlow | null> {
      const rows = await withFlow().where(eq(agentApprovals.tokenHash, tokenHash));
      return flat(rows)[0] ?? null;
    },

    /**
     * Records the decision of a pending approval, once: the row as it was before (with what
     * the execution resumes with), or null when it was no longer pending. What the execution
     * resumes with is emptied in the same statement.
     */
    async decide(
      id: string,
      decision: { status: 'approved' | 'rejected'; by: string; reason: string | null; at: Date },
    ): Promise<Pick<ApprovalRow, 'input' | 'flowData' | 'state'> | null> {
      return db.transaction(async (tx) => {
        const [kept] = await tx
          .select({
            input: agentApprovals.input,
            flowData: agentApprovals.flowData,
            state: agentApprovals.state,
          })
          .from(agentApprovals)
          .where(and(eq(agentApprovals.id, id), eq(agentApprovals.status, 'pending')))
          .for('update');
        if (!kept) return null;
        await tx
          .update(agentApprovals)
          .set({
            status: decision.status,
            decidedBy: decision.by,
            decidedAt: decision.at,
            reason: decision.reason,
            input: null,
            flowData: null,
            state: null,
          })
          .where(eq(agentApprovals.id, id));
        return kept;
      });
    },

    /** A pending approval whose execution no longer waits: cancelled. */
    async cancel(id: string, at: Date): Promise<void> {
      await db
        .update(agentApprovals)
        .set({ status: 'cancelled', decidedAt: at, input: null, flowData: null, state: null })
        .where(and(eq(agentApprovals.id, id), eq(agentApprovals.status, 'pending')));
    },
  };
}

export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>;
