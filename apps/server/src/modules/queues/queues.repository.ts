import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { flows, groups, queues, users, workspaces } from '../../db/schema';
import { containsFolded, pageOffset } from '../../lib/list-query';

export type QueueRow = typeof queues.$inferSelect;
/** A queue and the name of its consumer flow (null when none). */
export type QueueWithFlow = QueueRow & { flowName: string | null };

export interface QueueListOptions {
  page: number;
  size: number;
  query?: string | undefined;
  /** A group id, or 'none' for queues without a group. */
  group?: string | undefined;
}

const selection = { queue: queues, flowName: flows.name };
const withFlow = (row: { queue: QueueRow; flowName: string | null }): QueueWithFlow => ({
  ...row.queue,
  flowName: row.flowName,
});

/** Every call takes the workspace of the session; no query leaves it. */
export function createQueuesRepository(db: Database) {
  const scoped = (workspaceId: string, id: string) =>
    and(eq(queues.workspaceId, workspaceId), eq(queues.id, id));
  const joined = () =>
    db
      .select(selection)
      .from(queues)
      .leftJoin(
        flows,
        and(eq(flows.id, queues.consumerFlowId), eq(flows.workspaceId, queues.workspaceId)),
      );

  return {
    async list(workspaceId: string, { page, size, query, group }: QueueListOptions) {
      const conditions: (SQL | undefined)[] = [eq(queues.workspaceId, workspaceId)];
      if (query) conditions.push(containsFolded(queues.name, query));
      if (group === 'none') conditions.push(isNull(queues.groupId));
      else if (group) conditions.push(eq(queues.groupId, group));
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(queues).where(where);
      const total = counted?.total ?? 0;
      const rows = await joined()
        .where(where)
        .orderBy(asc(sql`lower(${queues.name})`), asc(queues.id))
        .limit(size)
        .offset(pageOffset(page, size, total));
      return { items: rows.map(withFlow), total };
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

    async groupExists(workspaceId: string, groupId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.workspaceId, workspaceId), eq(groups.id, groupId)));
      return Boolean(row);
    },

    async customerOf(workspaceId: string): Promise<string> {
      const [row] = await db
        .select({ customerId: workspaces.customerId })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      return row?.customerId ?? '';
    },

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

    async insert(row: typeof queues.$inferInsert): Promise<QueueRow> {
      const [created] = await db.insert(queues).values(row).returning();
      return created!;
    },

    async update(
      workspaceId: string,
      id: string,
      values: Partial<typeof queues.$inferInsert>,
    ): Promise<QueueRow | null> {
      const [row] = await db.update(queues).set(values).where(scoped(workspaceId, id)).returning();
      return row ?? null;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(queues)
        .where(scoped(workspaceId, id))
        .returning({ id: queues.id });
      return rows.length > 0;
    },
  };
}

export type QueuesRepository = ReturnType<typeof createQueuesRepository>;
