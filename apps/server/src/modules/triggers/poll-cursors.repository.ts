import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { servicePollCursors } from '../../db/schema-service-polls';

export interface PollTick {
  workspaceId: string;
  flowId: string;
  nodeUid: string;
  /** The node's type, version and params: another one resets the cursor. */
  fingerprint: string;
  tickAt: Date;
}

/**
 * How long a claimed poll may run before another process may claim the next tick without it
 * having finished (its process died mid-poll). Longer than a poll's deadline.
 */
export const pollLeaseMs = 3 * 60_000;

/** The `service_poll_cursors` table (docs/adr/0091). */
export function createPollCursorsRepository(db: Database) {
  const row = (tick: Pick<PollTick, 'flowId' | 'nodeUid' | 'tickAt'>) =>
    and(
      eq(servicePollCursors.flowId, tick.flowId),
      eq(servicePollCursors.nodeUid, tick.nodeUid),
      eq(servicePollCursors.tickAt, tick.tickAt),
    );
  return {
    /**
     * Claims a poll: true for the one process that moves the node's tick forward, when the last
     * poll finished (or its lease ran out), with the cursor to poll from (null the first time,
     * or after the node changed).
     */
    async claim(tick: PollTick): Promise<{ cursor: unknown } | null> {
      const t = servicePollCursors;
      const at = sql`${tick.tickAt.toISOString()}::timestamptz`;
      const leaseStart = sql`${new Date(tick.tickAt.getTime() - pollLeaseMs).toISOString()}::timestamptz`;
      const [claimed] = await db
        .insert(t)
        .values({ ...tick, cursor: null })
        .onConflictDoUpdate({
          target: [t.flowId, t.nodeUid],
          set: {
            workspaceId: tick.workspaceId,
            tickAt: tick.tickAt,
            fingerprint: tick.fingerprint,
            cursor: sql`case when ${t.fingerprint} = ${tick.fingerprint} then ${t.cursor} end`,
          },
          setWhere: sql`${t.tickAt} < ${at} and (${t.polledAt} >= ${t.tickAt} or ${t.tickAt} <= ${leaseStart})`,
        })
        .returning({ cursor: t.cursor });
      return claimed ? { cursor: claimed.cursor ?? null } : null;
    },

    /** Stores where the claimed poll stopped, its executions enqueued. */
    async advance(tick: PollTick, cursor: unknown, polledAt: Date): Promise<void> {
      await db
        .update(servicePollCursors)
        .set({ cursor: sql`${JSON.stringify(cursor ?? {})}::jsonb`, polledAt, lastError: null })
        .where(row(tick));
    },

    /** Records a failed poll; the cursor stays. */
    async fail(tick: PollTick, error: string, polledAt: Date): Promise<void> {
      await db.update(servicePollCursors).set({ polledAt, lastError: error }).where(row(tick));
    },

    /** Forgets a flow's cursors (disabled or removed: enabling it again starts over). */
    async forget(flowId: string): Promise<void> {
      await db.delete(servicePollCursors).where(eq(servicePollCursors.flowId, flowId));
    },

    async find(flowId: string, nodeUid: string) {
      const [found] = await db
        .select()
        .from(servicePollCursors)
        .where(and(eq(servicePollCursors.flowId, flowId), eq(servicePollCursors.nodeUid, nodeUid)));
      return found ?? null;
    },
  };
}

export type PollCursorsRepository = ReturnType<typeof createPollCursorsRepository>;
