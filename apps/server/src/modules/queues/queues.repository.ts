import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { flows, queues, users } from '../../db/schema';
import {
  byName,
  createNamedTable,
  customerOf,
  type Db,
  type NamedListOptions,
} from '../../lib/named-resource/named-table';

export type QueueRow = typeof queues.$inferSelect;
export type QueueInsert = typeof queues.$inferInsert;
/** A queue and the name of its consumer flow (null when none). */
export type QueueWithFlow = QueueRow & { flowName: string | null };

export type QueueListOptions = NamedListOptions;

const selection = { queue: queues, flowName: flows.name };
const withFlow = (row: { queue: QueueRow; flowName: string | null }): QueueWithFlow => ({
  ...row.queue,
  flowName: row.flowName,
});

/** Every call takes the workspace of the session; no query leaves it. */
export function createQueuesRepository(db: Database) {
  const named = createNamedTable(db, queues);
  const { scoped } = named;
  const joined = () =>
    db
      .select(selection)
      .from(queues)
      .leftJoin(
        flows,
        and(eq(flows.id, queues.consumerFlowId), eq(flows.workspaceId, queues.workspaceId)),
      );

  return {
    async list(workspaceId: string, options: QueueListOptions) {
      const { items, total } = await named.page(
        workspaceId,
        options,
        joined().$dynamic(),
        byName(queues),
      );
      return { items: items.map(withFlow), total };
    },

    async find(workspaceId: string, id: string): Promise<QueueWithFlow | null> {
      const [row] = await joined().where(scoped(workspaceId, id));
      return row ? withFlow(row) : null;
    },

    /** A queue by id, then by name ignoring case (the publish node's). */
    async findRef(workspaceId: string, ref: string): Promise<QueueRow | null> {
      for (const condition of [
        eq(queues.id, ref),
        eq(sql`lower(${queues.name})`, ref.toLowerCase()),
      ]) {
        const [row] = await db
          .select()
          .from(queues)
          .where(and(eq(queues.workspaceId, workspaceId), condition));
        if (row) return row;
      }
      return null;
    },

    async count(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(queues)
        .where(eq(queues.workspaceId, workspaceId));
      return row?.total ?? 0;
    },

    groupExists: named.groupExists,

    customerOf: (workspaceId: string) => customerOf(db, workspaceId),

    async userName(userId: string): Promise<string> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return row?.name ?? '';
    },

    async flowName(workspaceId: string, flowId: string): Promise<string | null> {
      const [row] = await db
        .select({ name: flows.name })
        .from(flows)
        .where(and(eq(flows.workspaceId, workspaceId), eq(flows.id, flowId)));
      return row?.name ?? null;
    },

    insert: (row: QueueInsert, tx?: Db) => named.insert(row, tx),

    /** What is not a version of the queue (its pause): saved as it is. */
    update: (workspaceId: string, id: string, values: Partial<QueueInsert>) =>
      named.update(workspaceId, id, values),

    /** Saves the values only while the queue is at `version`, moving it to the next one. */
    updateVersion: (
      workspaceId: string,
      id: string,
      version: number,
      values: Partial<QueueInsert>,
      tx?: Db,
    ) => named.updateVersion(workspaceId, id, version, values, tx),

    remove: (workspaceId: string, id: string) => named.remove(workspaceId, id),
  };
}

export type QueuesRepository = ReturnType<typeof createQueuesRepository>;
