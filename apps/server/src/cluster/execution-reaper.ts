import { and, eq, gte, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { executions, ponteProcesses } from '../db/schema';
import { crashedError, type ExecutionRow } from '../modules/executions/executions.repository';
import type { ClusterBus } from './cluster-bus';

/** The bus channel of the executions a reaper marked crashed: `{ids}`. */
export const executionsCrashedChannel = 'executions-crashed';

export interface ExecutionsCrashedMessage {
  ids: string[];
}

export interface ExecutionReaperOptions {
  db: Database;
  bus: ClusterBus;
  /** PONTE_LEASE_SECONDS in ms: it sweeps every third of it. */
  leaseMs: number;
  /** Executions it marked crashed (for the log). */
  onCrashed?: (rows: ExecutionRow[]) => void;
  /** A sweep that failed (tried again at the next), never thrown. */
  onError?: (error: unknown) => void;
  /** False: the periodic sweep is skipped (this process's own lease is in doubt). */
  mayJudgeOthers?: () => boolean;
}

/**
 * One sweep: the expired process rows are removed, then one statement marks crashed the running
 * executions whose owner holds no live lease (its row is missing or expired by the database's
 * clock; a null owner was written before owners existed). However many processes sweep at once,
 * each execution is returned to exactly one of them: the update re-checks `status = 'running'`
 * on a row another sweep just changed.
 */
export async function sweepExpired(db: Database): Promise<ExecutionRow[]> {
  await db.delete(ponteProcesses).where(lt(ponteProcesses.leaseUntil, sql`now()`));
  const live = db
    .select({ id: ponteProcesses.id })
    .from(ponteProcesses)
    .where(
      and(eq(ponteProcesses.id, executions.ownerId), gte(ponteProcesses.leaseUntil, sql`now()`)),
    );
  return db
    .update(executions)
    .set({ status: 'crashed', endedAt: sql`now()` as unknown as Date, error: crashedError })
    .where(and(eq(executions.status, 'running'), or(isNull(executions.ownerId), notExists(live))))
    .returning();
}

/**
 * The reaper of every process that runs work (docs/adr/0065): sweeps once at start and every
 * leaseMs/3, and broadcasts what it crashed on the bus, so every process resolves the waiters
 * of those executions (a webhook, a form, a calling flow) and the live lists update.
 */
export function createExecutionReaper(options: ExecutionReaperOptions) {
  const everyMs = Math.max(100, Math.floor(options.leaseMs / 3));
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<ExecutionRow[]> | null = null;
  let closed = false;

  const sweep = async (): Promise<ExecutionRow[]> => {
    const rows = await sweepExpired(options.db);
    if (rows.length) {
      options.onCrashed?.(rows);
      const ids = rows.map((row) => row.id);
      await options.bus.publish(executionsCrashedChannel, {
        ids,
      } satisfies ExecutionsCrashedMessage);
    }
    return rows;
  };

  const tick = () => {
    if (closed) return;
    timer = setTimeout(() => {
      if (options.mayJudgeOthers && !options.mayJudgeOthers()) return tick();
      sweeping = sweep()
        .catch((error: unknown) => {
          options.onError?.(error);
          return [];
        })
        .finally(() => {
          sweeping = null;
          tick();
        });
    }, everyMs);
    timer.unref();
  };

  return {
    /** The first sweep (awaited: a failure stops the start), then one every leaseMs/3. */
    async start(): Promise<ExecutionRow[]> {
      const rows = await sweep();
      tick();
      return rows;
    },
    /** One sweep now. */
    sweep,
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await sweeping;
    },
  };
}

export type ExecutionReaper = ReturnType<typeof createExecutionReaper>;
