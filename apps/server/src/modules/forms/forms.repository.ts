import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { flows, forms } from '../../db/schema';
import {
  byName,
  createNamedTable,
  type Db,
  type NamedListOptions,
} from '../../lib/named-resource/named-table';
import { formTriggerOf } from './form-consumer';

export type FormRow = typeof forms.$inferSelect;
export type FormInsert = typeof forms.$inferInsert;
/** What a save writes of a form (its id, workspace, version and creation kept). */
export type FormValues = Partial<Omit<FormInsert, 'id' | 'workspaceId' | 'version' | 'createdAt'>>;

export type FormListOptions = NamedListOptions;

/** A form's consumer flow, as the API names it. */
export interface FormFlowRef {
  _id: string;
  name: string;
}

/** Every call takes the workspace of the session; no query leaves it. */
export function createFormsRepository(db: Database) {
  const named = createNamedTable(db, forms);

  return {
    /** A page by name (ignoring case), like the queues list. */
    async list(workspaceId: string, options: FormListOptions) {
      const query = db.select().from(forms).$dynamic();
      return named.page(workspaceId, options, query, byName(forms));
    },

    find: (workspaceId: string, id: string) => named.find(workspaceId, id),

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

    groupExists: named.groupExists,

    insert: (row: FormInsert, tx?: Db) => named.insert(row, tx),

    /** Saves the values only while the form is at `version`, moving it to the next one. */
    updateVersion: (
      workspaceId: string,
      id: string,
      version: number,
      values: FormValues,
      tx?: Db,
    ) => named.updateVersion(workspaceId, id, version, values, tx),

    remove: (workspaceId: string, id: string) => named.remove(workspaceId, id),
  };
}

export type FormsRepository = ReturnType<typeof createFormsRepository>;
