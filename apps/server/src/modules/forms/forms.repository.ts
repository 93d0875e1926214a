import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { flows, forms, groups } from '../../db/schema';
import { containsFolded, pageOffset } from '../../lib/list-query';
import { formTriggerOf } from './form-consumer';

export type FormRow = typeof forms.$inferSelect;

export interface FormListOptions {
  page: number;
  size: number;
  query?: string | undefined;
  /** A group id, or 'none' for forms without a group. */
  group?: string | undefined;
}

/** A form's consumer flow, as the API names it. */
export interface FormFlowRef {
  _id: string;
  name: string;
}

/** Every call takes the workspace of the session; no query leaves it. */
export function createFormsRepository(db: Database) {
  const scoped = (workspaceId: string, id: string) =>
    and(eq(forms.workspaceId, workspaceId), eq(forms.id, id));

  return {
    /** A page by name (ignoring case), like the queues list. */
    async list(workspaceId: string, { page, size, query, group }: FormListOptions) {
      const conditions: (SQL | undefined)[] = [eq(forms.workspaceId, workspaceId)];
      if (query) conditions.push(containsFolded(forms.name, query));
      if (group === 'none') conditions.push(isNull(forms.groupId));
      else if (group) conditions.push(eq(forms.groupId, group));
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(forms).where(where);
      const total = counted?.total ?? 0;
      const items = await db
        .select()
        .from(forms)
        .where(where)
        .orderBy(asc(sql`lower(${forms.name})`), asc(forms.id))
        .limit(size)
        .offset(pageOffset(page, size, total));
      return { items, total };
    },

    async find(workspaceId: string, id: string): Promise<FormRow | null> {
      const [row] = await db.select().from(forms).where(scoped(workspaceId, id));
      return row ?? null;
    },

    /**
     * The consumer of each form (docs/adr/0038; the rule of `findFormConsumer`) with one read
     * of the workspace's enabled flows, earliest created first.
     */
    async consumersOf(workspaceId: string, formIds: string[]): Promise<Map<string, FormFlowRef>> {
      const consumers = new Map<string, FormFlowRef>();
      if (!formIds.length) return consumers;
      const rows = await db
        .select({ id: flows.id, name: flows.name, data: flows.data })
        .from(flows)
        .where(and(eq(flows.workspaceId, workspaceId), eq(flows.enabled, true)))
        .orderBy(asc(flows.createdAt), asc(flows.id));
      for (const formId of formIds) {
        const row = rows.find((flow) => formTriggerOf(flow.data, formId));
        if (row) consumers.set(formId, { _id: row.id, name: row.name });
      }
      return consumers;
    },

    async groupExists(workspaceId: string, groupId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.workspaceId, workspaceId), eq(groups.id, groupId)));
      return Boolean(row);
    },

    async insert(row: typeof forms.$inferInsert): Promise<FormRow> {
      const [created] = await db.insert(forms).values(row).returning();
      return created!;
    },

    async update(
      workspaceId: string,
      id: string,
      values: Partial<typeof forms.$inferInsert>,
    ): Promise<FormRow | null> {
      const [row] = await db.update(forms).set(values).where(scoped(workspaceId, id)).returning();
      return row ?? null;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(forms)
        .where(scoped(workspaceId, id))
        .returning({ id: forms.id });
      return rows.length > 0;
    },
  };
}

export type FormsRepository = ReturnType<typeof createFormsRepository>;
