import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serviceHookEvents, serviceHookRegistrations } from '../../db/schema';

export type HookRegistrationRow = typeof serviceHookRegistrations.$inferSelect;

/** How long a claimed event key is kept (services retry within minutes; Slack 3 times). */
export const eventKeyRetentionMs = 24 * 3_600_000;

/** The registrations of service triggers and the event keys they claimed (docs/adr/0091). */
export function createHookRegistrationsRepository(db: Database) {
  const byNode = (flowId: string, nodeUid: string) =>
    and(eq(serviceHookRegistrations.flowId, flowId), eq(serviceHookRegistrations.nodeUid, nodeUid));
  return {
    ofFlow: (flowId: string) =>
      db.select().from(serviceHookRegistrations).where(eq(serviceHookRegistrations.flowId, flowId)),

    async find(flowId: string, nodeUid: string): Promise<HookRegistrationRow | undefined> {
      const [row] = await db.select().from(serviceHookRegistrations).where(byNode(flowId, nodeUid));
      return row;
    },

    async save(row: HookRegistrationRow) {
      const { flowId: _f, nodeUid: _n, ...rest } = row;
      await db
        .insert(serviceHookRegistrations)
        .values(row)
        .onConflictDoUpdate({
          target: [serviceHookRegistrations.flowId, serviceHookRegistrations.nodeUid],
          set: rest,
        });
    },

    /** The registrations whose address does not start with `prefix` (or has none). */
    elsewhere: (prefix: string) =>
      db
        .select()
        .from(serviceHookRegistrations)
        .where(
          sql`left(coalesce(${serviceHookRegistrations.address}, ''), ${prefix.length}) <> ${prefix}`,
        ),

    /** Moves the row to `address` if it still has the address it was read with; whether it did. */
    async claimAddress(row: HookRegistrationRow, address: string): Promise<boolean> {
      const was = row.address
        ? eq(serviceHookRegistrations.address, row.address)
        : isNull(serviceHookRegistrations.address);
      const moved = await db
        .update(serviceHookRegistrations)
        .set({ address })
        .where(and(byNode(row.flowId, row.nodeUid), was))
        .returning({ one: sql<number>`1` });
      return moved.length > 0;
    },

    async remove(flowId: string, nodeUid: string) {
      await db.delete(serviceHookRegistrations).where(byNode(flowId, nodeUid));
    },

    /**
     * Whether this delivery is the first with `key` for the node (the insert won); the node's
     * keys older than `eventKeyRetentionMs` go at the same time, through the same index.
     */
    async claimEvent(flowId: string, nodeUid: string, key: string, now: Date): Promise<boolean> {
      await db
        .delete(serviceHookEvents)
        .where(
          and(
            eq(serviceHookEvents.flowId, flowId),
            eq(serviceHookEvents.nodeUid, nodeUid),
            lt(serviceHookEvents.receivedAt, new Date(now.getTime() - eventKeyRetentionMs)),
          ),
        );
      const inserted = await db
        .insert(serviceHookEvents)
        .values({ flowId, nodeUid, key, receivedAt: now })
        .onConflictDoNothing()
        .returning({ one: sql<number>`1` });
      return inserted.length > 0;
    },

    /** Gives a claimed `key` back: the service's retry of the event is then a first delivery. */
    async releaseEvent(flowId: string, nodeUid: string, key: string) {
      await db
        .delete(serviceHookEvents)
        .where(
          and(
            eq(serviceHookEvents.flowId, flowId),
            eq(serviceHookEvents.nodeUid, nodeUid),
            eq(serviceHookEvents.key, key),
          ),
        );
    },
  };
}
