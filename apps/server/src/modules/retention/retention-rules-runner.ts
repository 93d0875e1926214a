import { and, eq } from 'drizzle-orm';
import type { RetentionRuleArea } from '@ponte/shared/lgpd/retention.schema';
import type { Database } from '../../db/client';
import { dbTables, queues, type DbTableFieldRow } from '../../db/schema';
import type { MessageQueueDriver } from '../queues/drivers/message-queue-driver';
import type { StorageService } from '../storage/storage.service';
import type { RetentionLeases } from './retention-lease';
import type { RetentionRepository, RetentionRuleRow } from './retention.repository';
import type { Removal } from './retention-tally';
import { deleteFiles, deleteMessages, deleteRecords } from './rule-retention';

const dayMs = 24 * 60 * 60 * 1000;
/** A rule's lease: longer than any pass should take; a dead process's lets go after it. */
const ruleLeaseMs = 30 * 60 * 1000;

export interface RuleRunnerDeps {
  db: Database;
  messageDriver: Pick<MessageQueueDriver, 'removeFinished'>;
  storage: Pick<StorageService, 'oldFiles' | 'remove' | 'stat'>;
  repository: RetentionRepository;
  leases: RetentionLeases;
  now: () => Date;
}

/** What a rule names now: a name for the record and how to remove what is past a cutoff. */
interface ResolvedTarget {
  name: string;
  remove(cutoff: Date): Promise<Removal>;
}

type Resolver = (deps: RuleRunnerDeps, rule: RetentionRuleRow) => Promise<ResolvedTarget | null>;

/** Each area's target, found in the rule's workspace; null when it is gone (nothing is removed). */
const resolvers: Record<RetentionRuleArea, Resolver> = {
  async table({ db }, rule) {
    const [table] = await db
      .select({ name: dbTables.name, fields: dbTables.fields })
      .from(dbTables)
      .where(and(eq(dbTables.workspaceId, rule.workspaceId), eq(dbTables.id, rule.target)));
    if (!table) return null;
    let field: DbTableFieldRow | null = null;
    if (rule.dateField) {
      field = dateFieldOf(table.fields, rule.dateField);
      // A field removed or retyped since: the records are left alone rather than dated otherwise.
      if (!field) return null;
    }
    return {
      name: table.name,
      remove: (cutoff) =>
        deleteRecords(db, { workspaceId: rule.workspaceId, tableId: rule.target, field }, cutoff),
    };
  },
  async queue({ db, messageDriver }, rule) {
    const [queue] = await db
      .select({ name: queues.name })
      .from(queues)
      .where(and(eq(queues.workspaceId, rule.workspaceId), eq(queues.id, rule.target)));
    if (!queue) return null;
    return {
      name: queue.name,
      remove: (cutoff) => deleteMessages(messageDriver, rule.target, cutoff),
    };
  },
  async storage({ storage }, rule) {
    const folder = await storage.stat(rule.workspaceId, rule.target);
    if (!folder?.isFolder) return null;
    return {
      name: rule.target,
      remove: (cutoff) =>
        deleteFiles(storage, { workspaceId: rule.workspaceId, folder: rule.target }, cutoff),
    };
  },
};

/** The date or datetime field of a table with this name, or null. */
export function dateFieldOf(fields: DbTableFieldRow[], name: string): DbTableFieldRow | null {
  const field = fields.find((each) => each.name === name);
  return field && (field.type === 'date' || field.type === 'datetime') ? field : null;
}

/**
 * Applies a rule once under its lease: removes what is older than its days and records the
 * pass when something went. Answers null when another process is applying it now.
 */
export async function applyRule(
  deps: RuleRunnerDeps,
  rule: RetentionRuleRow,
  manual: boolean,
): Promise<Removal | null> {
  const key = `rule:${rule.id}`;
  if (!(await deps.leases.claim(key, ruleLeaseMs))) return null;
  try {
    const target = await resolvers[rule.area](deps, rule);
    if (!target) return { removed: 0, bytes: 0 };
    const at = deps.now();
    const removal = await target.remove(new Date(at.getTime() - rule.days * dayMs));
    if (removal.removed > 0) {
      await deps.repository.record([
        {
          workspaceId: rule.workspaceId,
          at,
          area: rule.area,
          source: 'rule',
          targetId: rule.target,
          targetName: target.name,
          ruleId: rule.id,
          days: rule.days,
          removed: removal.removed,
          bytes: removal.bytes,
          manual,
        },
      ]);
    }
    return removal;
  } finally {
    await deps.leases.release(key);
  }
}
