import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { RetentionRuleInput } from '@ponte/shared/lgpd/retention.schema';
import type { Database } from '../../db/client';
import { retentionRules, retentionRuns, workspaces } from '../../db/schema';
import { pageOffset } from '../../lib/list-query';

export type RetentionRuleRow = typeof retentionRules.$inferSelect;
export type RetentionRunRow = typeof retentionRuns.$inferSelect;
export type RetentionRunInput = Omit<RetentionRunRow, 'id'>;

/** The rules and the record of the passes; every read takes the workspace of the session. */
export function createRetentionRepository(db: Database) {
  const scoped = (workspaceId: string, id: string) =>
    and(eq(retentionRules.workspaceId, workspaceId), eq(retentionRules.id, id));

  return {
    rules: (workspaceId: string) =>
      db
        .select()
        .from(retentionRules)
        .where(eq(retentionRules.workspaceId, workspaceId))
        .orderBy(asc(retentionRules.area), asc(retentionRules.createdAt), asc(retentionRules.id)),

    /** Every rule of the instance (the hourly pass), oldest first. */
    allRules: () =>
      db
        .select()
        .from(retentionRules)
        .orderBy(asc(retentionRules.createdAt), asc(retentionRules.id)),

    async find(workspaceId: string, id: string): Promise<RetentionRuleRow | null> {
      const [row] = await db.select().from(retentionRules).where(scoped(workspaceId, id));
      return row ?? null;
    },

    async count(workspaceId: string): Promise<number> {
      const [counted] = await db
        .select({ total: count() })
        .from(retentionRules)
        .where(eq(retentionRules.workspaceId, workspaceId));
      return counted?.total ?? 0;
    },

    async create(workspaceId: string, input: RetentionRuleInput, by: string | null, now: Date) {
      const [row] = await db
        .insert(retentionRules)
        .values({
          id: randomUUID(),
          workspaceId,
          area: input.area,
          target: input.target,
          dateField: input.date_field,
          days: input.days,
          createdBy: by,
          updatedBy: by,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    },

    async update(
      workspaceId: string,
      id: string,
      input: RetentionRuleInput,
      by: string | null,
      now: Date,
    ): Promise<RetentionRuleRow | null> {
      const [row] = await db
        .update(retentionRules)
        .set({
          area: input.area,
          target: input.target,
          dateField: input.date_field,
          days: input.days,
          updatedBy: by,
          updatedAt: now,
        })
        .where(scoped(workspaceId, id))
        .returning();
      return row ?? null;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(retentionRules)
        .where(scoped(workspaceId, id))
        .returning({ id: retentionRules.id });
      return rows.length === 1;
    },

    /** Records the passes of workspaces that still exist (logs may outlive theirs). */
    async record(runs: RetentionRunInput[]): Promise<void> {
      if (runs.length === 0) return;
      const existing = await db
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(inArray(workspaces.id, [...new Set(runs.map((run) => run.workspaceId))]));
      const alive = new Set(existing.map((row) => row.id));
      const kept = runs.filter((run) => alive.has(run.workspaceId));
      if (kept.length === 0) return;
      await db.insert(retentionRuns).values(kept.map((run) => ({ id: randomUUID(), ...run })));
    },

    /** The workspace's passes, newest first. */
    async runs(workspaceId: string, page: number, limit: number) {
      const where = eq(retentionRuns.workspaceId, workspaceId);
      const [counted] = await db.select({ total: count() }).from(retentionRuns).where(where);
      const total = counted?.total ?? 0;
      const items = await db
        .select()
        .from(retentionRuns)
        .where(where)
        .orderBy(desc(retentionRuns.at), desc(retentionRuns.id))
        .limit(limit)
        .offset(pageOffset(page, limit, total));
      return { items, total };
    },
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
