import { randomUUID } from 'node:crypto';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workspaceHolidays } from '../../db/schema';
import { holidayOrder } from '../../adapters/workspace-holidays-reader';
import { containsFolded, pageOffset } from '../../lib/list-query';

export type HolidayRow = typeof workspaceHolidays.$inferSelect;

export interface HolidayInput {
  date: string;
  name: string;
  recurring: boolean;
}

export interface ListOptions {
  page: number;
  limit: number;
  query?: string | undefined;
}

/** Every call takes the workspace of the session; no query leaves it. */
export function createHolidaysRepository(db: Database) {
  const scoped = (workspaceId: string, id: string) =>
    and(eq(workspaceHolidays.workspaceId, workspaceId), eq(workspaceHolidays.id, id));

  return {
    async list(workspaceId: string, { page, limit, query }: ListOptions) {
      const conditions: (SQL | undefined)[] = [eq(workspaceHolidays.workspaceId, workspaceId)];
      if (query) conditions.push(containsFolded(workspaceHolidays.name, query));
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(workspaceHolidays).where(where);
      const total = counted?.total ?? 0;
      const items = await db
        .select()
        .from(workspaceHolidays)
        .where(where)
        .orderBy(...holidayOrder)
        .limit(limit)
        .offset(pageOffset(page, limit, total));
      return { items, total };
    },

    async find(workspaceId: string, id: string): Promise<HolidayRow | null> {
      const [row] = await db.select().from(workspaceHolidays).where(scoped(workspaceId, id));
      return row ?? null;
    },

    async count(workspaceId: string): Promise<number> {
      const [counted] = await db
        .select({ total: count() })
        .from(workspaceHolidays)
        .where(eq(workspaceHolidays.workspaceId, workspaceId));
      return counted?.total ?? 0;
    },

    async create(workspaceId: string, input: HolidayInput, by: string | null, now: Date) {
      const [row] = await db
        .insert(workspaceHolidays)
        .values({
          id: randomUUID(),
          workspaceId,
          ...input,
          createdBy: by,
          updatedBy: by,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    },

    /** The day of every holiday of the workspace, for an import to skip those taken. */
    async allDays(workspaceId: string) {
      return db
        .select({ date: workspaceHolidays.date, recurring: workspaceHolidays.recurring })
        .from(workspaceHolidays)
        .where(eq(workspaceHolidays.workspaceId, workspaceId));
    },

    async createMany(workspaceId: string, inputs: HolidayInput[], by: string | null, now: Date) {
      if (!inputs.length) return;
      await db.insert(workspaceHolidays).values(
        inputs.map((input) => ({
          id: randomUUID(),
          workspaceId,
          ...input,
          createdBy: by,
          updatedBy: by,
          createdAt: now,
          updatedAt: now,
        })),
      );
    },

    async update(
      workspaceId: string,
      id: string,
      input: HolidayInput,
      by: string | null,
      now: Date,
    ) {
      const [row] = await db
        .update(workspaceHolidays)
        .set({ ...input, updatedBy: by, updatedAt: now })
        .where(scoped(workspaceId, id))
        .returning();
      return row ?? null;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(workspaceHolidays)
        .where(scoped(workspaceId, id))
        .returning({ id: workspaceHolidays.id });
      return rows.length > 0;
    },
  };
}
