import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { Database } from '../../db/client';
import { flows, queues } from '../../db/schema';

export const queueTriggerType = 'core_queue_trigger';

/** A queue as the consumers see it. */
export interface ConsumedQueue {
  id: string;
  workspaceId: string;
  name: string;
  maxPerSecond: number;
  consumerFlowId: string | null;
}

/** An enabled flow whose enabled queue trigger names a queue. */
export interface QueueClaimant {
  flowId: string;
  /** The uid of the flow's first enabled trigger node naming the queue. */
  nodeUid: string;
  createdAt: Date;
}

/** The queue ids an enabled flow's enabled queue triggers name, with the first node of each. */
export function claimsOf(data: unknown): Map<string, string> {
  const claims = new Map<string, string>();
  for (const node of (data as FlowDocument | null)?.nodes ?? []) {
    if (node.type !== queueTriggerType || node.disabled) continue;
    const queueId = node.params?.queue;
    if (typeof queueId === 'string' && queueId && !claims.has(queueId))
      claims.set(queueId, node.uid);
  }
  return claims;
}

/** The reads and the one write the queue consumers need. */
export function createQueueConsumersRepository(db: Database) {
  const selectQueue = {
    id: queues.id,
    workspaceId: queues.workspaceId,
    name: queues.name,
    maxPerSecond: queues.maxPerSecond,
    consumerFlowId: queues.consumerFlowId,
  };
  return {
    /** The workspaces that have queues (start). */
    async workspacesWithQueues(): Promise<string[]> {
      const rows = await db.selectDistinct({ id: queues.workspaceId }).from(queues);
      return rows.map((row) => row.id);
    },

    async queuesOf(workspaceId: string): Promise<ConsumedQueue[]> {
      return db.select(selectQueue).from(queues).where(eq(queues.workspaceId, workspaceId));
    },

    async queue(queueId: string): Promise<ConsumedQueue | null> {
      const [row] = await db.select(selectQueue).from(queues).where(eq(queues.id, queueId));
      return row ?? null;
    },

    /** Per queue id of the workspace: its claimants, earliest-created first. */
    async claimants(workspaceId: string): Promise<Map<string, QueueClaimant[]>> {
      const rows = await db
        .select({ id: flows.id, data: flows.data, createdAt: flows.createdAt })
        .from(flows)
        .where(and(eq(flows.workspaceId, workspaceId), eq(flows.enabled, true)))
        .orderBy(asc(flows.createdAt), asc(flows.id));
      const byQueue = new Map<string, QueueClaimant[]>();
      for (const row of rows) {
        for (const [queueId, nodeUid] of claimsOf(row.data)) {
          const list = byQueue.get(queueId) ?? [];
          list.push({ flowId: row.id, nodeUid, createdAt: row.createdAt });
          byQueue.set(queueId, list);
        }
      }
      return byQueue;
    },

    /** Sets the consumer of queues of the workspace (null: none). */
    async setConsumer(workspaceId: string, queueIds: string[], flowId: string | null) {
      if (!queueIds.length) return;
      await db
        .update(queues)
        .set({ consumerFlowId: flowId })
        .where(and(eq(queues.workspaceId, workspaceId), inArray(queues.id, queueIds)));
    },
  };
}

export type QueueConsumersRepository = ReturnType<typeof createQueueConsumersRepository>;
