import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AlertLine } from '@ponte/shared/alert-rules.schema';
import { limits } from '@ponte/shared/limits';
import type { Database } from '../../db/client';
import { alertRules } from '../../db/schema';
import { createPeriodicTask } from '../../lib/periodic-task';
import { compileMatcher, LineCache, type CompiledMatcher } from './log-matcher';

/** A log line as the log writer stores it (the `logs` row, dates as ISO text). */
export interface WatchedLogRow {
  workspace_id: string;
  flow_id: string;
  execution_id: string;
  type: string;
  label: string;
  message: string;
  created_at: string;
}

/** The matches of one rule in one batch of log lines. */
export interface RuleMatches {
  ruleId: string;
  workspaceId: string;
  windowSeconds: number;
  count: number;
  /** The first matching line's time: a window opens (or is extended) from here. */
  firstAt: string;
  lines: AlertLine[];
}

interface WatchedRule {
  id: string;
  workspaceId: string;
  flowId: string | null;
  windowSeconds: number;
  /** The rule as compiled, kept while its `updated_at` does not change. */
  version: string;
  matcher: CompiledMatcher;
}

/** The log lines a rule never sees: the debugger's (a person is watching them). */
const unwatchedTypes = new Set(['debug']);

function lineOf(row: WatchedLogRow): AlertLine {
  return {
    created_at: row.created_at,
    flow_id: row.flow_id,
    execution_id: row.execution_id,
    type: row.type,
    label: row.label,
    message: row.message.slice(0, limits.alertLineMessageMax),
  };
}

/**
 * Inside the log batch's transaction: closes the rule's open window when the batch comes
 * after its end, then opens a window at the first match or adds to the open one (its count,
 * and lines up to `limits.alertFiringLines`). A rule deleted or disabled since the rules were
 * read is skipped: its matches are not recorded, and the lines are stored all the same.
 */
export async function recordMatches(tx: Database, matches: readonly RuleMatches[]): Promise<void> {
  for (const found of matches) {
    await tx.execute(sql`
      update alert_firings set state = 'due'
      where rule_id = ${found.ruleId} and state = 'open' and closes_at <= ${found.firstAt}::timestamptz`);
    await tx.execute(sql`
      insert into alert_firings
        (id, workspace_id, rule_id, kind, state, opened_at, closes_at, count, lines)
      select ${randomUUID()}, ${found.workspaceId}, ${found.ruleId}, 'match', 'open',
        ${found.firstAt}::timestamptz,
        ${found.firstAt}::timestamptz + make_interval(secs => ${found.windowSeconds}),
        ${found.count}, ${JSON.stringify(found.lines)}::jsonb
      where exists (select 1 from alert_rules where id = ${found.ruleId} and enabled)
      on conflict (rule_id) where state = 'open' do update set
        count = alert_firings.count + excluded.count,
        lines = (
          select coalesce(jsonb_agg(item order by ord), '[]'::jsonb)
          from jsonb_array_elements(alert_firings.lines || excluded.lines)
            with ordinality as t(item, ord)
          where ord <= ${limits.alertFiringLines})`);
  }
}

/**
 * The enabled match_log rules of every workspace, compiled, and how a batch of log lines meets
 * them (docs/adr/0051). The log writer asks `match` for each batch; when a rule matched, it
 * stores the lines and `record`s the matches in one transaction, so a window is never lost nor
 * counted twice, whatever stops the process. The rules are read again every `refreshMs` (a
 * rule saved in another process applies within that time) and at once by `refresh()` after a
 * save in this one.
 */
export function createAlertWatch(
  db: Database,
  options: { refreshMs?: number; onError: (error: unknown) => void },
) {
  let byWorkspace = new Map<string, WatchedRule[]>();

  async function load() {
    const rows = await db
      .select({
        id: alertRules.id,
        workspaceId: alertRules.workspaceId,
        flowId: alertRules.flowId,
        windowSeconds: alertRules.timewindowSeconds,
        matchLogType: alertRules.matchLogType,
        matchLogJsonField: alertRules.matchLogJsonField,
        matchLogContent: alertRules.matchLogContent,
        updatedAt: alertRules.updatedAt,
      })
      .from(alertRules)
      .where(and(eq(alertRules.enabled, true), eq(alertRules.type, 'match_log')));
    const previous = new Map([...byWorkspace.values()].flat().map((rule) => [rule.id, rule]));
    const next = new Map<string, WatchedRule[]>();
    for (const row of rows) {
      const version = row.updatedAt.toISOString();
      let rule = previous.get(row.id);
      if (!rule || rule.version !== version) {
        const matcher = compileMatcher({
          match_log_type: row.matchLogType,
          match_log_json_field: row.matchLogJsonField,
          match_log_content: row.matchLogContent,
        });
        // Saving refuses an invalid pattern; one stored before a rule changed is skipped.
        if ('error' in matcher) continue;
        rule = { ...row, flowId: row.flowId || null, version, matcher };
      }
      const list = next.get(rule.workspaceId) ?? [];
      list.push(rule);
      next.set(rule.workspaceId, list);
    }
    byWorkspace = next;
  }

  /** Whether a reading is under way (it may have read the rules before a save committed). */
  let reading = false;
  const task = createPeriodicTask(
    async () => {
      reading = true;
      try {
        await load();
      } finally {
        reading = false;
      }
    },
    {
      intervalMs: options.refreshMs ?? 2000,
      onError: options.onError,
    },
  );

  /** Each rule's matches among the rows (rules see only their own workspace's lines). */
  function match(rows: readonly WatchedLogRow[]): RuleMatches[] {
    if (!byWorkspace.size) return [];
    const found = new Map<string, RuleMatches>();
    for (const row of rows) {
      const rules = byWorkspace.get(row.workspace_id);
      if (!rules || unwatchedTypes.has(row.type)) continue;
      const cache = new LineCache(row);
      for (const rule of rules) {
        if (rule.flowId && rule.flowId !== row.flow_id) continue;
        if (!rule.matcher.test(row, cache)) continue;
        const current = found.get(rule.id);
        if (!current) {
          found.set(rule.id, {
            ruleId: rule.id,
            workspaceId: rule.workspaceId,
            windowSeconds: rule.windowSeconds,
            count: 1,
            firstAt: row.created_at,
            lines: [lineOf(row)],
          });
          continue;
        }
        current.count += 1;
        if (row.created_at < current.firstAt) current.firstAt = row.created_at;
        if (current.lines.length < limits.alertFiringLines) current.lines.push(lineOf(row));
      }
    }
    return [...found.values()];
  }

  return {
    match,
    record: recordMatches,
    /** Reads the rules again now (after a save in this process). */
    refresh: async () => {
      // A reading already under way may have read the rules before the save committed: wait
      // for it, then read them again.
      if (reading) await task.runOnce().catch(() => undefined);
      return task.runOnce();
    },
    start: () => task.start(),
    stop: () => task.stop(),
  };
}

export type AlertWatch = ReturnType<typeof createAlertWatch>;
