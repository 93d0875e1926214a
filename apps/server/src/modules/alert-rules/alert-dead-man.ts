import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, lte, min, ne, sql, type SQL } from 'drizzle-orm';
import type { AlertFiringKind } from '@ponte/shared/alert-rules.schema';
import { formatDateTime } from '@ponte/shared/format';
import { limits, locale } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { QueueCounts } from '@ponte/shared/queues.schema';
import type { Database } from '../../db/client';
import {
  alertFirings,
  alertIncidents,
  alertRules,
  executions,
  flows,
  queues,
} from '../../db/schema';
import { createPeriodicTask } from '../../lib/periodic-task';

/**
 * Dead-man rules (docs/adr/0053): `no_success` (a flow has not finished with success for
 * `no_success_minutes`), `queue_backlog` (a queue's depth stays above `queue_depth_above`
 * for `queue_depth_minutes`) and `stuck_execution` (executions queued for more than
 * `stuck_minutes` while no process runs executions; docs/adr/0112). Every pass looks at the
 * enabled rules of every workspace and moves their incidents (`alert_incidents`); raising and
 * clearing one inserts its firing (`incident`, `recovery`) `due`, in the same transaction, for
 * the dispatcher to send. At most one unresolved incident per rule (a unique index), so two
 * processes raise it once.
 */
const texts = messages.alertRules.deadMan;
const deadManTypes = ['no_success', 'queue_backlog', 'stuck_execution'] as const;
const minuteMs = 60_000;
const numbers = new Intl.NumberFormat(locale);

export interface DeadManOptions {
  now: () => Date;
  /** The queue driver's counters of a queue (the depth is what waits to be processed). */
  queueCounts: (queueId: string) => Promise<QueueCounts>;
  /**
   * Whether some process runs executions now (stuck_execution): this one when it does, else a
   * process of a working role whose lease has not run out. Asked at most once a pass.
   */
  workersAlive: () => Promise<boolean>;
  intervalMs?: number;
  onError: (error: unknown) => void;
}

interface OpenIncident {
  id: string;
  state: 'pending' | 'firing';
  startedAt: Date;
}

interface DeadManRule {
  id: string;
  workspaceId: string;
  type: (typeof deadManTypes)[number];
  flowId: string | null;
  flowName: string | null;
  noSuccessMinutes: number | null;
  queueId: string | null;
  queueName: string | null;
  queueDepthAbove: number | null;
  queueDepthMinutes: number | null;
  stuckMinutes: number | null;
  /** When the rule was enabled (its creation when never told). */
  since: Date;
  incident: OpenIncident | null;
}

/** What waits to be processed: waiting, delayed, active and paused messages. */
export const queueDepth = (counts: QueueCounts) =>
  counts.waiting + counts.delayed + counts.active + counts.paused;

/** '45 minutos', '26 horas' (whole units, rounded down; at least 1 minute). */
export function silenceText(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / minuteMs));
  return minutes < 60 ? texts.minutes(minutes) : texts.hours(Math.floor(minutes / 60));
}

/** A rule's threshold as written: '90 minutos', '2 horas' (never rounded: it is a limit). */
const thresholdText = (minutes: number) =>
  minutes % 60 === 0 ? texts.hours(minutes / 60) : texts.minutes(minutes);

/**
 * The unresolved incidents whose rule no longer watches them (disabled, of another type, or
 * enabled again after the incident started) end without a recovery message. A removed rule's
 * incidents go with it (cascade).
 */
async function settleUnwatched(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    update alert_incidents set state = 'resolved', resolved_at = ${now.toISOString()}::timestamptz
    from alert_rules r
    where r.id = alert_incidents.rule_id and alert_incidents.state <> 'resolved'
      and (not r.enabled or r.type not in (${sql.join(
        deadManTypes.map((type) => sql`${type}`),
        sql`, `,
      )})
        or (r.enabled_at is not null and alert_incidents.started_at < r.enabled_at))`);
}

async function loadRules(db: Database): Promise<DeadManRule[]> {
  const rows = await db
    .select({
      id: alertRules.id,
      workspaceId: alertRules.workspaceId,
      type: alertRules.type,
      flowId: alertRules.flowId,
      flowName: flows.name,
      noSuccessMinutes: alertRules.noSuccessMinutes,
      queueId: alertRules.queueId,
      queueName: queues.name,
      queueDepthAbove: alertRules.queueDepthAbove,
      queueDepthMinutes: alertRules.queueDepthMinutes,
      stuckMinutes: alertRules.stuckMinutes,
      enabledAt: alertRules.enabledAt,
      createdAt: alertRules.createdAt,
      incidentId: alertIncidents.id,
      incidentState: alertIncidents.state,
      incidentStartedAt: alertIncidents.startedAt,
    })
    .from(alertRules)
    // The flow and the queue count only in the rule's own workspace.
    .leftJoin(
      flows,
      and(eq(flows.id, alertRules.flowId), eq(flows.workspaceId, alertRules.workspaceId)),
    )
    .leftJoin(
      queues,
      and(eq(queues.id, alertRules.queueId), eq(queues.workspaceId, alertRules.workspaceId)),
    )
    .leftJoin(
      alertIncidents,
      and(eq(alertIncidents.ruleId, alertRules.id), ne(alertIncidents.state, 'resolved')),
    )
    .where(and(eq(alertRules.enabled, true), inArray(alertRules.type, [...deadManTypes])));
  return rows.map((row) => ({
    ...row,
    type: row.type as DeadManRule['type'],
    since: row.enabledAt ?? row.createdAt,
    incident:
      row.incidentId && row.incidentStartedAt && row.incidentState !== 'resolved'
        ? { id: row.incidentId, state: row.incidentState!, startedAt: row.incidentStartedAt }
        : null,
  }));
}

function insertFiring(
  tx: Database,
  rule: DeadManRule,
  values: { kind: AlertFiringKind; incidentId: string; now: Date; summary: string },
) {
  return tx.insert(alertFirings).values({
    id: randomUUID(),
    workspaceId: rule.workspaceId,
    ruleId: rule.id,
    kind: values.kind,
    state: 'due',
    openedAt: values.now,
    closesAt: values.now,
    count: 0,
    lines: [],
    summary: values.summary,
    incidentId: values.incidentId,
  });
}

/** A new unresolved incident; null when another process holds one for the rule already. */
async function openIncident(
  tx: Database,
  rule: DeadManRule,
  values: { state: 'pending' | 'firing'; startedAt: Date; now: Date },
): Promise<string | null> {
  const [row] = await tx
    .insert(alertIncidents)
    .values({
      id: randomUUID(),
      workspaceId: rule.workspaceId,
      ruleId: rule.id,
      state: values.state,
      startedAt: values.startedAt,
      firedAt: values.state === 'firing' ? values.now : null,
    })
    .onConflictDoNothing({ target: alertIncidents.ruleId, where: sql`state <> 'resolved'` })
    .returning({ id: alertIncidents.id });
  return row?.id ?? null;
}

/** Raises the incident and its firing at once (exactly one process wins). */
function raise(db: Database, rule: DeadManRule, startedAt: Date, now: Date, summary: string) {
  return db.transaction(async (tx) => {
    const incidentId = await openIncident(tx, rule, { state: 'firing', startedAt, now });
    if (incidentId) await insertFiring(tx, rule, { kind: 'incident', incidentId, now, summary });
  });
}

/** A pending incident that held long enough becomes firing, with its firing. */
function escalate(
  db: Database,
  rule: DeadManRule,
  incident: OpenIncident,
  now: Date,
  summary: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(alertIncidents)
      .set({ state: 'firing', firedAt: now })
      .where(and(eq(alertIncidents.id, incident.id), eq(alertIncidents.state, 'pending')))
      .returning({ id: alertIncidents.id });
    if (row) await insertFiring(tx, rule, { kind: 'incident', incidentId: row.id, now, summary });
  });
}

/** Resolves the incident; a firing one gets its recovery firing (once, whoever resolves it). */
function resolve(
  db: Database,
  rule: DeadManRule,
  incident: OpenIncident,
  now: Date,
  recovery: string | null,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(alertIncidents)
      .set({ state: 'resolved', resolvedAt: now })
      .where(and(eq(alertIncidents.id, incident.id), eq(alertIncidents.state, incident.state)))
      .returning({ id: alertIncidents.id });
    if (row && recovery && incident.state === 'firing') {
      await insertFiring(tx, rule, {
        kind: 'recovery',
        incidentId: row.id,
        now,
        summary: recovery,
      });
    }
  });
}

async function lastSuccessOf(db: Database, rule: DeadManRule): Promise<Date | null> {
  const [row] = await db
    .select({ endedAt: executions.endedAt })
    .from(executions)
    .where(
      and(
        eq(executions.workspaceId, rule.workspaceId),
        eq(executions.flowId, rule.flowId!),
        eq(executions.status, 'success'),
        isNotNull(executions.endedAt),
      ),
    )
    .orderBy(desc(executions.endedAt))
    .limit(1);
  return row?.endedAt ?? null;
}

/**
 * no_success: silent since the later of the last success and the rule's enabling (a flow that
 * never ran is not alerted at once); a success after the incident started clears it.
 */
async function evaluateNoSuccess(db: Database, rule: DeadManRule, now: Date): Promise<void> {
  if (!rule.flowId || rule.flowName === null || !rule.noSuccessMinutes) return;
  const flow = rule.flowName;
  const lastSuccess = await lastSuccessOf(db, rule);
  const { incident } = rule;
  if (incident) {
    if (lastSuccess && lastSuccess > incident.startedAt) {
      const recovery = texts.noSuccessRecovered(flow, formatDateTime(lastSuccess));
      await resolve(db, rule, incident, now, recovery);
    }
    return;
  }
  const from = lastSuccess && lastSuccess > rule.since ? lastSuccess : rule.since;
  if (now.getTime() - from.getTime() < rule.noSuccessMinutes * minuteMs) return;
  const summary = lastSuccess
    ? texts.noSuccess(
        flow,
        silenceText(now.getTime() - lastSuccess.getTime()),
        formatDateTime(lastSuccess),
      )
    : texts.noSuccessNever(flow, silenceText(now.getTime() - from.getTime()));
  await raise(db, rule, from, now, summary);
}

/**
 * queue_backlog: the first pass that sees the depth above opens a pending incident; one that
 * sees it still above after the minutes fires it; one that sees it at or below the threshold
 * drops a pending incident and clears a firing one.
 */
async function evaluateQueueBacklog(
  db: Database,
  rule: DeadManRule,
  now: Date,
  queueCounts: DeadManOptions['queueCounts'],
): Promise<void> {
  const above = rule.queueDepthAbove;
  if (!rule.queueId || rule.queueName === null || above === null || !rule.queueDepthMinutes) {
    return;
  }
  const depth = queueDepth(await queueCounts(rule.queueId));
  const { incident } = rule;
  const number = (n: number) => numbers.format(n);
  if (depth <= above) {
    if (!incident) return;
    const recovery = texts.queueRecovered(
      rule.queueName,
      number(depth),
      number(above),
      formatDateTime(now),
    );
    await resolve(db, rule, incident, now, recovery);
    return;
  }
  if (!incident) {
    await openIncident(db, rule, { state: 'pending', startedAt: now, now });
    return;
  }
  const held = now.getTime() - incident.startedAt.getTime();
  if (incident.state !== 'pending' || held < rule.queueDepthMinutes * minuteMs) return;
  const summary = texts.queueBacklog(
    rule.queueName,
    number(depth),
    number(above),
    silenceText(held),
  );
  await escalate(db, rule, incident, now, summary);
}

/** The executions of the rule's workspace (and flow) queued at or before `cutoff`. */
async function queuedBefore(
  db: Database,
  rule: DeadManRule,
  cutoff: Date,
): Promise<{ count: number; oldest: Date } | null> {
  const conditions: SQL[] = [
    eq(executions.workspaceId, rule.workspaceId),
    eq(executions.status, 'queued'),
    lte(executions.queuedAt, cutoff),
  ];
  if (rule.flowId) conditions.push(eq(executions.flowId, rule.flowId));
  const [row] = await db
    .select({ count: count(), oldest: min(executions.queuedAt) })
    .from(executions)
    .where(and(...conditions));
  return row?.count && row.oldest ? { count: row.count, oldest: row.oldest } : null;
}

/**
 * stuck_execution: executions queued for more than `stuck_minutes` while no process runs
 * executions will not run by themselves. The minutes are the wait already, so the pass that
 * sees it fires at once; the incident starts at that pass, never before the rule's enabling
 * (`settleUnwatched` would end it unsent). A pass that finds a worker alive, or nothing queued
 * that long, clears it.
 */
async function evaluateStuckExecutions(
  db: Database,
  rule: DeadManRule,
  now: Date,
  workersAlive: () => Promise<boolean>,
): Promise<void> {
  if (!rule.stuckMinutes || (rule.flowId && rule.flowName === null)) return;
  const of = rule.flowName === null ? texts.stuckOfWorkspace : texts.stuckOfFlow(rule.flowName);
  const stuck = await queuedBefore(
    db,
    rule,
    new Date(now.getTime() - rule.stuckMinutes * minuteMs),
  );
  const { incident } = rule;
  if (stuck && !(await workersAlive())) {
    if (incident?.state === 'firing') return;
    const summary = texts.stuck(
      numbers.format(stuck.count),
      of,
      thresholdText(rule.stuckMinutes),
      formatDateTime(stuck.oldest),
    );
    // A pending incident is another type's (the rule changed type): it fires now.
    if (incident) await escalate(db, rule, incident, now, summary);
    else await raise(db, rule, now, now, summary);
    return;
  }
  if (!incident) return;
  const at = formatDateTime(now);
  const recovery = (await workersAlive())
    ? texts.stuckWorkerBack(of, at)
    : texts.stuckCleared(of, at);
  await resolve(db, rule, incident, now, recovery);
}

/** Asks `ask` once, on the first call; every later call gets the same answer. */
function askedOnce<T>(ask: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => (answer ??= ask());
}

/**
 * The evaluator: one pass every `intervalMs` (30 s unless told) while started; `runOnce` for a
 * pass now. A rule that fails (its queue unreachable) goes to `onError`; the others still run.
 */
export function createDeadManEvaluator(db: Database, options: DeadManOptions) {
  async function pass(): Promise<void> {
    const now = options.now();
    await settleUnwatched(db, now);
    const workersAlive = askedOnce(options.workersAlive);
    for (const rule of await loadRules(db)) {
      try {
        if (rule.type === 'no_success') await evaluateNoSuccess(db, rule, now);
        else if (rule.type === 'queue_backlog')
          await evaluateQueueBacklog(db, rule, now, options.queueCounts);
        else await evaluateStuckExecutions(db, rule, now, workersAlive);
      } catch (error) {
        options.onError(error);
      }
    }
  }
  return createPeriodicTask(pass, {
    intervalMs: options.intervalMs ?? limits.alertDeadManIntervalMs,
    onError: options.onError,
  });
}

export type DeadManEvaluator = ReturnType<typeof createDeadManEvaluator>;
