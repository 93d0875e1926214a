import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { flows, serviceAccounts, workspaces } from '../../db/schema';
import { pageOffset } from '../../lib/list-query';

export type ServiceAccountRow = typeof serviceAccounts.$inferSelect;
export type NewServiceAccountRow = typeof serviceAccounts.$inferInsert;

/** What a save writes besides the ids and timestamps. */
export type ServiceAccountWrite = Pick<
  NewServiceAccountRow,
  'name' | 'url' | 'publicData' | 'secretData' | 'keyId'
>;

export interface ServiceAccountListOptions {
  page: number;
  limit: number;
  types?: string[] | undefined;
}

/**
 * Flows whose nodes hold `accountId` in a parameter, at any depth (jsonpath `.**`, PostgreSQL
 * 12+ and PGlite alike).
 */
const usesAccount = (accountId: SQL | string) =>
  sql`jsonb_path_exists(${flows.data}, '$.nodes[*].params.** ? (@ == $id)', jsonb_build_object('id', ${accountId}::text))`;

/** Every string in any node parameter of a flow (a lateral set-returning function). */
const stringParams = sql`lateral jsonb_path_query(${flows.data}, '$.nodes[*].params.** ? (@.type() == "string")') as flow_param(value)`;

/** Every call takes the workspace of the session; no query leaves it. */
export function createServiceAccountsRepository(db: Database) {
  const scoped = (workspaceId: string, id: string) =>
    and(eq(serviceAccounts.workspaceId, workspaceId), eq(serviceAccounts.id, id));

  return {
    async list(workspaceId: string, { page, limit, types }: ServiceAccountListOptions) {
      const conditions: SQL[] = [eq(serviceAccounts.workspaceId, workspaceId)];
      if (types) conditions.push(inArray(serviceAccounts.authType, types));
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(serviceAccounts).where(where);
      const total = counted?.total ?? 0;
      const items = await db
        .select()
        .from(serviceAccounts)
        .where(where)
        .orderBy(asc(serviceAccounts.name), asc(serviceAccounts.id))
        .limit(limit)
        .offset(pageOffset(page, limit, total));
      return { items, total };
    },

    async find(workspaceId: string, id: string): Promise<ServiceAccountRow | null> {
      const [row] = await db.select().from(serviceAccounts).where(scoped(workspaceId, id));
      return row ?? null;
    },

    /** The account of a `ponte_token` and its workspace's customer, by the token's hash. */
    async findByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          id: serviceAccounts.id,
          workspaceId: serviceAccounts.workspaceId,
          customerId: workspaces.customerId,
        })
        .from(serviceAccounts)
        .innerJoin(workspaces, eq(workspaces.id, serviceAccounts.workspaceId))
        .where(eq(serviceAccounts.tokenHash, tokenHash));
      return row ?? null;
    },

    /** The row, locked until the transaction `db` belongs to ends (read-modify-write). */
    async findForUpdate(workspaceId: string, id: string): Promise<ServiceAccountRow | null> {
      const [row] = await db
        .select()
        .from(serviceAccounts)
        .where(scoped(workspaceId, id))
        .for('update');
      return row ?? null;
    },

    async create(row: NewServiceAccountRow): Promise<ServiceAccountRow> {
      const [created] = await db.insert(serviceAccounts).values(row).returning();
      return created!;
    },

    async update(
      workspaceId: string,
      id: string,
      set: Partial<NewServiceAccountRow>,
    ): Promise<ServiceAccountRow | null> {
      const [row] = await db
        .update(serviceAccounts)
        .set(set)
        .where(scoped(workspaceId, id))
        .returning();
      return row ?? null;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(serviceAccounts)
        .where(scoped(workspaceId, id))
        .returning({ id: serviceAccounts.id });
      return rows.length > 0;
    },

    /**
     * How many flows of the workspace use each of `ids`: one pass over the workspace's flows,
     * every string parameter value matched against the ids.
     */
    async flowCounts(workspaceId: string, ids: string[]): Promise<Map<string, number>> {
      if (!ids.length) return new Map();
      const value = sql`(flow_param.value #>> '{}')`;
      const rows = await db
        .select({ id: sql<string>`${value}`, uses: sql<number>`count(distinct ${flows.id})::int` })
        .from(flows)
        .innerJoin(stringParams, sql`true`)
        .where(and(eq(flows.workspaceId, workspaceId), inArray(value, ids)))
        .groupBy(value);
      return new Map(rows.map((row) => [row.id, Number(row.uses)]));
    },

    /** The flows of the workspace that use the account, by name. */
    async flowsUsing(workspaceId: string, id: string) {
      return db
        .select({ _id: flows.id, name: flows.name })
        .from(flows)
        .where(and(eq(flows.workspaceId, workspaceId), usesAccount(id)))
        .orderBy(asc(flows.name), asc(flows.id));
    },
  };
}

export type ServiceAccountsRepository = ReturnType<typeof createServiceAccountsRepository>;
