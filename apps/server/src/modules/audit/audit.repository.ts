import { and, count, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '@ponte/shared/audit.schema';
import type { Database } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import { pageOffset } from '../../lib/list-query';

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEvent = Omit<AuditEventRow, 'id'>;

/** A day of São Paulo (fixed -03:00, as the monitoring links write it) as its first instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000-03:00`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** The filters of a query, always within one workspace. */
function conditionsOf(workspaceId: string, query: Omit<AuditQuery, 'page' | 'limit'>): SQL {
  const conditions: SQL[] = [eq(auditEvents.workspaceId, workspaceId)];
  if (query.category) conditions.push(eq(auditEvents.category, query.category));
  if (query.action) conditions.push(eq(auditEvents.action, query.action));
  if (query.user_id) conditions.push(eq(auditEvents.userId, query.user_id));
  if (query.api_key_id) conditions.push(eq(auditEvents.apiKeyId, query.api_key_id));
  if (query.resource_kind) conditions.push(eq(auditEvents.resourceKind, query.resource_kind));
  if (query.from) conditions.push(gte(auditEvents.createdAt, dayStart(query.from)));
  if (query.to) conditions.push(lt(auditEvents.createdAt, nextDay(query.to)));
  return and(...conditions)!;
}

/** Every read is scoped to one workspace; a person is shown only within the reader's customer. */
export function createAuditRepository(db: Database) {
  const select = (customerId: string) =>
    db
      .select({ event: auditEvents, userName: users.name, userEmail: users.email })
      .from(auditEvents)
      .leftJoin(users, and(eq(users.id, auditEvents.userId), eq(users.customerId, customerId)));

  return {
    async insert(row: NewAuditEvent): Promise<void> {
      await db.insert(auditEvents).values(row);
    },

    /** A page, newest first. */
    async list(workspaceId: string, customerId: string, query: AuditQuery) {
      const where = conditionsOf(workspaceId, query);
      const [counted] = await db.select({ total: count() }).from(auditEvents).where(where);
      const total = counted?.total ?? 0;
      const rows = await select(customerId)
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(query.limit)
        .offset(pageOffset(query.page, query.limit, total));
      return { rows, total };
    },

    /**
     * Every row the filters match, newest written first, `batch` at a time (for the CSV): by id,
     * so rows written meanwhile neither repeat nor push others out.
     */
    async *each(
      workspaceId: string,
      customerId: string,
      query: Omit<AuditQuery, 'page' | 'limit'>,
      batch = 1_000,
    ) {
      const where = conditionsOf(workspaceId, query);
      let before: number | null = null;
      for (;;) {
        const rows = await select(customerId)
          .where(before === null ? where : and(where, lt(auditEvents.id, before)))
          .orderBy(desc(auditEvents.id))
          .limit(batch);
        yield* rows;
        if (rows.length < batch) return;
        before = rows[rows.length - 1]!.event.id;
      }
    },

    /** Removes events written at or before `cutoff`, at most `batch` rows per statement. */
    async deleteOlderThan(cutoff: Date, batch = 5_000): Promise<number> {
      let removed = 0;
      for (;;) {
        const oldest = db
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(lte(auditEvents.createdAt, cutoff))
          .limit(batch);
        const rows = await db
          .delete(auditEvents)
          .where(inArray(auditEvents.id, oldest))
          .returning({ id: auditEvents.id });
        removed += rows.length;
        if (rows.length < batch) return removed;
      }
    },
  };
}
