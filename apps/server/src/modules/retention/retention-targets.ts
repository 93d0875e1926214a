import { and, asc, eq } from 'drizzle-orm';
import type { RetentionRuleInput } from '@ponte/shared/lgpd/retention.schema';
import { messages } from '@ponte/shared/messages';
import { normaliseStoragePath } from '@ponte/shared/storage.schema';
import type { Database } from '../../db/client';
import { dbTables, queues, type DbTableFieldRow } from '../../db/schema';
import { invalidField, notFound } from '../../lib/app-error';
import type { StorageService } from '../storage/storage.service';
import { dateFieldOf } from './retention-rules-runner';

const m = messages.retention;

export /** What a rule's target is called now, with its date field's label. */
interface TargetNames {
  tables: Map<string, { name: string; fields: DbTableFieldRow[] }>;
  queues: Map<string, string>;
}

/** The targets a rule may name in a workspace: their names now, and a body checked against them. */
export function createRetentionTargets(db: Database, storage: Pick<StorageService, 'stat'>) {
  async function targetNames(workspaceId: string): Promise<TargetNames> {
    const [tables, queueRows] = await Promise.all([
      db
        .select({ id: dbTables.id, name: dbTables.name, fields: dbTables.fields })
        .from(dbTables)
        .where(eq(dbTables.workspaceId, workspaceId))
        .orderBy(asc(dbTables.name)),
      db
        .select({ id: queues.id, name: queues.name })
        .from(queues)
        .where(eq(queues.workspaceId, workspaceId))
        .orderBy(asc(queues.name)),
    ]);
    return {
      tables: new Map(tables.map((t) => [t.id, { name: t.name, fields: t.fields }])),
      queues: new Map(queueRows.map((q) => [q.id, q.name])),
    };
  }

  /** Another workspace's table or queue answers 404 (and is noted); an unknown one 400. */
  async function foreignOr400(
    kind: 'db_table' | 'queue',
    id: string,
    message: string,
  ): Promise<never> {
    const table = kind === 'db_table' ? dbTables : queues;
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (row) throw notFound(messages.generic.notFound, { kind, id });
    throw invalidField('target', message);
  }

  /** The body checked against the workspace: the target exists, the field is a date. */
  async function checked(
    workspaceId: string,
    input: RetentionRuleInput,
  ): Promise<RetentionRuleInput> {
    if (input.area !== 'table' && input.date_field)
      throw invalidField('date_field', m.fieldOnlyForTables);
    if (input.area === 'table') {
      const [table] = await db
        .select({ name: dbTables.name, fields: dbTables.fields })
        .from(dbTables)
        .where(and(eq(dbTables.workspaceId, workspaceId), eq(dbTables.id, input.target)));
      if (!table) return foreignOr400('db_table', input.target, m.tableUnknown);
      if (input.date_field && !dateFieldOf(table.fields, input.date_field)) {
        throw invalidField('date_field', m.fieldUnknown(table.name));
      }
      return input;
    }
    if (input.area === 'queue') {
      const [queue] = await db
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.workspaceId, workspaceId), eq(queues.id, input.target)));
      if (!queue) return foreignOr400('queue', input.target, m.queueUnknown);
      return input;
    }
    let folder: string;
    try {
      folder = normaliseStoragePath(input.target);
    } catch (error) {
      throw invalidField('target', (error as Error).message);
    }
    const item = await storage.stat(workspaceId, folder);
    if (!item?.isFolder) throw invalidField('target', m.folderUnknown(folder));
    return { ...input, target: folder, date_field: null };
  }

  return { targetNames, checked };
}
