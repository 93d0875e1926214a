import { and, count, desc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storableJsonText } from '../../lib/storable-text';
import { createWriteBatcher } from '../../lib/write-batcher';
import { executions, type ExecutionStatus } from '../../db/schema';
import type { KeptExecutionData } from './execution-data';
import { keptDataInserts } from './execution-data.repository';
import { logsInsert, type LogRow } from '../logs/log-writer';
import { writtenOnceUpsert, type WrittenOnce } from './execution-write-once.repository';
import { ofFlowsWithin, type GroupLimit } from '../../lib/group-access/group-scope';
import { retryQueries, waitingQueries } from './executions-waits.repository';
import {
  rowsOf,
  summaryColumns,
  type ExecutionOutcome,
  type ExecutionRow,
} from './executions.columns';

export type { ExecutionOutcome, ExecutionRow };

/** What a crashed execution records: its process stopped (or stopped answering) meanwhile. */
export const crashedError = { message: 'A execução foi interrompida: o processo do Ponte parou.' };

export const finishedStatuses: ExecutionStatus[] = ['success', 'error', 'stopped', 'crashed'];

/** Every column but the trigger message (up to 1 MB) and what attempts resume with. */

type Outcome = ExecutionOutcome;

/** What the runner needs of an execution nobody waits for any more. */
export type UnawaitedRow = Pick<ExecutionRow, 'id' | 'status' | 'ownerId' | 'triggerNodeUid'>;

/** An execution's end, with the node data it kept (docs/adr/0089). */
export interface EndWrite {
  id: string;
  values: Outcome;
  data?: KeptExecutionData;
  /** Its start was never written: the row goes in whole (docs/adr/0129). */
  once?: WrittenOnce;
  /** The log lines held for its end (its caller waits for it, docs/adr/0129). */
  logs?: LogRow[];
}

/** The ends of executions whose row was written when they started. */
function endsUpdate(items: EndWrite[]): SQL {
  const values = sql.join(
    items.map(
      ({ id, values: v, data }) =>
        sql`(${id}, ${v.status}, ${v.endedAt?.toISOString() ?? null}, ${v.durationMs}, ${v.steps}, ${v.error === null ? null : storableJsonText(v.error)}, ${data?.flowHash ?? null}, ${data ? 'true' : 'false'}, ${v.flowVersion ?? null}, ${v.waits ? storableJsonText(v.waits) : null}, ${v.resume ? storableJsonText(v.resume) : null}, ${v.resumeAt?.toISOString() ?? null}, ${v.traceId ?? null})`,
    ),
    sql`, `,
  );
  return sql`
    update executions set status = v.status, ended_at = v.ended_at::timestamptz,
      duration_ms = v.duration_ms::int, steps = coalesce(executions.steps, 0) + v.steps::int,
      error = v.error::jsonb, flow_hash = v.flow_hash,
      data_kept = executions.data_kept or v.data_kept::boolean,
      flow_version = coalesce(v.flow_version::int, executions.flow_version),
      waits = v.waits::jsonb, resume = v.resume::jsonb, resume_at = v.resume_at::timestamptz,
      wait_seq = executions.wait_seq + (case when v.status = 'waiting' then 1 else 0 end),
      trace_id = coalesce(v.trace_id, executions.trace_id)
    from (values ${values}) as v(id, status, ended_at, duration_ms, steps, error, flow_hash, data_kept, flow_version, waits, resume, resume_at, trace_id)
    where executions.id = v.id and executions.status in ('queued', 'running')
    returning executions.id, executions.ended_at`;
}

/**
 * The end of each execution, in one statement, only over a row still unfinished: a row another
 * process marked crashed (its owner's lease ran out, docs/adr/0065) is never overwritten.
 * Queued is accepted for an execution refused before it started (its flow was removed). A
 * resumed execution (docs/adr/0100) adds its steps to those before its wait. An execution
 * written once (docs/adr/0129) is inserted whole; the lines held for an end go with it. The node data and flow
 * versions kept go in the same statement, only with the ends it took. Resolves with the ids
 * whose end was refused.
 */
async function writeEnds(db: Database, items: EndWrite[]): Promise<string[]> {
  const started = items.filter((item) => item.once);
  const updated = items.filter((item) => !item.once);
  const parts: SQL[] = [];
  const taken: string[] = [];
  if (updated.length) {
    parts.push(sql`updated as (${endsUpdate(updated)})`);
    taken.push('select id, ended_at from updated');
  }
  if (started.length) {
    const once = started as (EndWrite & { once: WrittenOnce })[];
    parts.push(sql`started as (${writtenOnceUpsert(once)})`);
    taken.push('select id, ended_at from started');
  }
  const lines = items.flatMap((item) => item.logs ?? []);
  if (lines.length) parts.push(sql`logged as (${logsInsert(lines)})`);
  parts.push(sql`ended as (${sql.raw(taken.join(' union all '))})`);
  if (items.some((item) => item.data)) parts.push(keptDataInserts(items));
  const result = await db.execute(sql`with ${sql.join(parts, sql`, `)} select id from ended`);
  const written = new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
  return items.filter((item) => !written.has(item.id)).map((item) => item.id);
}

/** An execution row as the database holds it once `row` is inserted. */
export function writtenRow(row: typeof executions.$inferInsert): ExecutionRow {
  return {
    debug: false,
    startedAt: null,
    endedAt: null,
    durationMs: null,
    steps: null,
    error: null,
    triggerMsg: null,
    ownerId: null,
    unawaitedAt: null,
    mode: 'production',
    flowHash: null,
    flowVersion: null,
    dataKept: false,
    personalDataMasked: false,
    traceId: null,
    waits: null,
    resume: null,
    resumeAt: null,
    waitSeq: 0,
    rerunOf: null,
    ...row,
  };
}

/** Two of the three writes every execution makes, each group-committed (the end: `writeEnds`). */
function createExecutionWrites(db: Database) {
  // No `returning`: the row is what was written plus the columns' defaults, and reading it back
  // cost more than the insert itself (docs/adr/0060).
  const create = createWriteBatcher(async (rows: (typeof executions.$inferInsert)[]) => {
    await db.insert(executions).values(rows);
    return rows.map(writtenRow);
  });
  // The start of an execution that could have been written once (docs/adr/0129): its end may
  // have inserted the row already, then this one does nothing.
  const createStart = createWriteBatcher(
    async (starts: { row: typeof executions.$inferInsert; triggerJson: string | null }[]) => {
      const rows = starts.map(({ row, triggerJson }) => ({
        ...row,
        triggerMsg: triggerJson === null ? null : sql`${triggerJson}::jsonb`,
      }));
      await db.insert(executions).values(rows).onConflictDoNothing({ target: executions.id });
      return starts.map(() => undefined);
    },
  );

  const markRunning = createWriteBatcher(
    async (
      items: { id: string; at: Date; ownerId: string | null; flowVersion: number | null }[],
    ) => {
      const values = sql.join(
        items.map(
          (item) =>
            sql`(${item.id}, ${item.at.toISOString()}, ${item.ownerId}, ${item.flowVersion})`,
        ),
        sql`, `,
      );
      const result = await db.execute(sql`
      update executions set status = 'running', started_at = v.at::timestamptz,
        owner_id = v.owner, flow_version = v.flow_version::int
      from (values ${values}) as v(id, at, owner, flow_version)
      where executions.id = v.id and executions.status = 'queued'
      returning executions.id`);
      const marked = new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
      return items.map((item) => marked.has(item.id));
    },
  );

  return { create, createStart, markRunning };
}

/** What the runner asks across processes (docs/adr/0065). */
function ownershipQueries(db: Database) {
  return {
    /**
     * A running execution of `ownerId` goes back to the queue (its worker is stopping and hands
     * it back): queued again, without owner nor start. False when it was not its own any more.
     */
    async handBack(id: string, ownerId: string): Promise<boolean> {
      const rows = await db
        .update(executions)
        .set({ status: 'queued', ownerId: null, startedAt: null })
        .where(
          and(
            eq(executions.id, id),
            eq(executions.status, 'running'),
            eq(executions.ownerId, ownerId),
          ),
        )
        .returning({ id: executions.id });
      return rows.length > 0;
    },

    /**
     * A waiting execution goes back to the queue to resume (docs/adr/0100): queued, without
     * owner, start or end. Null when it was not waiting (any more): one decision resumes it.
     */
    async resumeWaiting(workspaceId: string, id: string): Promise<ExecutionRow | null> {
      const [row] = await db
        .update(executions)
        .set({ status: 'queued', ownerId: null, startedAt: null, endedAt: null, durationMs: null })
        .where(
          and(
            eq(executions.id, id),
            eq(executions.workspaceId, workspaceId),
            eq(executions.status, 'waiting'),
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * An execution still queued will never start (its caller stopped waiting, docs/adr/0076): it
     * ends as stopped with `error`, never having started. False when it had started (or ended):
     * the same condition as `markRunning`'s, so exactly one of the two wins.
     */
    async withdraw(id: string, at: Date, error: { message: string }): Promise<boolean> {
      const rows = await db
        .update(executions)
        .set({ status: 'stopped', endedAt: at, durationMs: 0, steps: 0, error })
        .where(and(eq(executions.id, id), eq(executions.status, 'queued')))
        .returning({ id: executions.id });
      return rows.length > 0;
    },

    /**
     * A running execution whose caller stopped waiting for its answer: `unawaited_at` is set
     * (once). The row, or null when it was not running any more.
     */
    async markUnawaited(id: string, at: Date): Promise<UnawaitedRow | null> {
      const [row] = await db
        .update(executions)
        .set({
          unawaitedAt: sql`coalesce(${executions.unawaitedAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(and(eq(executions.id, id), eq(executions.status, 'running')))
        .returning({
          id: executions.id,
          status: executions.status,
          ownerId: executions.ownerId,
          triggerNodeUid: executions.triggerNodeUid,
        });
      return row ?? null;
    },

    /** Running executions of the workspace (every workspace without one), in any process. */
    async countRunning(workspaceId?: string): Promise<number> {
      const running = eq(executions.status, 'running');
      const [row] = await db
        .select({ n: count() })
        .from(executions)
        .where(workspaceId ? and(eq(executions.workspaceId, workspaceId), running) : running);
      return Number(row?.n ?? 0);
    },
  };
}

/** What the editor reads of past trigger messages (docs/adr/0089). */
function triggerMessageQueries(db: Database) {
  return {
    /**
     * The trigger message of the flow's latest execution started by `triggerNodeUid` that kept
     * it (up to 1 MB, `keptTriggerMessageBytes`): a webhook's last request, for the editor.
     */
    async lastTriggerMessage(
      workspaceId: string,
      flowId: string,
      triggerNodeUid: string,
    ): Promise<Pick<ExecutionRow, 'id' | 'queuedAt' | 'triggerMsg'> | null> {
      const [row] = await db
        .select({
          id: executions.id,
          queuedAt: executions.queuedAt,
          triggerMsg: executions.triggerMsg,
        })
        .from(executions)
        .where(
          and(
            eq(executions.workspaceId, workspaceId),
            eq(executions.flowId, flowId),
            eq(executions.triggerNodeUid, triggerNodeUid),
            isNotNull(executions.triggerMsg),
          ),
        )
        .orderBy(desc(executions.queuedAt))
        .limit(1);
      return row ?? null;
    },
  };
}

/** The monitoring lists: running, finished, and finished per minute. */
function listQueries(db: Database) {
  return {
    async running(workspaceId: string, within?: GroupLimit) {
      return db
        .select(summaryColumns)
        .from(executions)
        .where(
          and(
            eq(executions.workspaceId, workspaceId),
            eq(executions.status, 'running'),
            ofFlowsWithin(executions.flowId, within),
          ),
        )
        .orderBy(desc(executions.startedAt));
    },

    async completed(workspaceId: string, page: number, size: number, within?: GroupLimit) {
      const where = and(
        eq(executions.workspaceId, workspaceId),
        inArray(executions.status, finishedStatuses),
        isNotNull(executions.endedAt),
        ofFlowsWithin(executions.flowId, within),
      );
      const [counted] = await db.select({ total: count() }).from(executions).where(where);
      const total = counted?.total ?? 0;
      const last = Math.max(1, Math.ceil(total / size));
      const rows = await db
        .select(summaryColumns)
        .from(executions)
        .where(where)
        .orderBy(desc(executions.endedAt), desc(executions.id))
        .limit(size)
        .offset((Math.min(page, last) - 1) * size);
      return { rows, total };
    },

    /** Finished executions per minute since `from`. */
    async perMinute(
      workspaceId: string,
      from: Date,
      within?: GroupLimit,
    ): Promise<{ minute: Date; n: number }[]> {
      const minute = sql<string>`date_trunc('minute', ${executions.endedAt})`;
      const rows = await db
        .select({ minute, n: count() })
        .from(executions)
        .where(
          and(
            eq(executions.workspaceId, workspaceId),
            inArray(executions.status, finishedStatuses),
            gte(executions.endedAt, from),
            ofFlowsWithin(executions.flowId, within),
          ),
        )
        .groupBy(minute);
      return rows.map((row) => ({ minute: new Date(row.minute), n: Number(row.n) }));
    },
  };
}

/**
 * Every read takes the workspace of the session; writes come from the runner. The three writes
 * every execution makes (create, mark running, end) are group-committed: concurrent executions
 * share one statement.
 */
export function createExecutionsRepository(db: Database) {
  const { create, createStart, markRunning } = createExecutionWrites(db);

  return {
    ...ownershipQueries(db),
    ...triggerMessageQueries(db),
    ...retryQueries(db),
    ...waitingQueries(db),
    ...listQueries(db),
    create(row: typeof executions.$inferInsert): Promise<ExecutionRow> {
      return create(row);
    },

    /** The start row of an execution written once, unless its end wrote it (ADR 0129). */
    createStart(row: typeof executions.$inferInsert, triggerJson: string | null): Promise<void> {
      return createStart({ row, triggerJson });
    },

    async find(id: string): Promise<ExecutionRow | null> {
      const [row] = await db.select().from(executions).where(eq(executions.id, id));
      return row ?? null;
    },

    async findInWorkspace(workspaceId: string, id: string): Promise<ExecutionRow | null> {
      const [row] = await db
        .select()
        .from(executions)
        .where(and(eq(executions.workspaceId, workspaceId), eq(executions.id, id)));
      return row ?? null;
    },

    /**
     * True when the execution was still queued (not stopped before it started); it is then
     * owned by `ownerId`, the process that runs it (docs/adr/0065), and names the flow's version
     * it runs (null: not a saved version).
     */
    markRunning(
      id: string,
      at: Date,
      ownerId: string | null = null,
      flowVersion: number | null = null,
    ): Promise<boolean> {
      return markRunning({ id, at, ownerId, flowVersion });
    },

    /**
     * Ends of several executions in one statement: the runner's ends (`execution-ends.ts`),
     * which batch and retry themselves. Resolves with the ids refused (no longer unfinished).
     */
    finishAll(items: EndWrite[]): Promise<string[]> {
      return writeEnds(db, items);
    },

    /** Executions left queued or running by a process that died. */
    async markCrashed(ids: string[] | 'all-unfinished', at: Date): Promise<ExecutionRow[]> {
      const which =
        ids === 'all-unfinished'
          ? inArray(executions.status, ['running'])
          : and(inArray(executions.id, ids), inArray(executions.status, ['queued', 'running']));
      if (Array.isArray(ids) && !ids.length) return [];
      return db
        .update(executions)
        .set({
          status: 'crashed',
          endedAt: at,
          error: crashedError,
        })
        .where(which)
        .returning();
    },
  };
}

export type ExecutionsRepository = ReturnType<typeof createExecutionsRepository>;
