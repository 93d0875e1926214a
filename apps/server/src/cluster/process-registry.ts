import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ponteProcesses } from '../db/schema';

export interface ProcessRegistryOptions {
  db: Database;
  /** The bus's process id: the owner of this process's executions. */
  processId: string;
  role: string;
  /** PONTE_LEASE_SECONDS in ms; renewed every third of it. */
  leaseMs: number;
  /** A heartbeat that failed (retried at the next one), never thrown. */
  onError?: (error: unknown) => void;
  /**
   * The row was gone (another process found the lease expired and marked this process's
   * executions crashed): it was written again; those executions stay crashed.
   */
  onRevived?: () => void;
}

/** The lease's end as the database's clock sees it: the only clock every process shares. */
const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/**
 * This process's row in `ponte_processes` (docs/adr/0065): written at start, its lease renewed
 * by heartbeat every leaseMs/3, removed at close. A process whose lease runs out is taken for
 * dead: its running executions are marked crashed by the reaper of another process.
 */
export function createProcessRegistry(options: ProcessRegistryOptions) {
  const { db, processId, leaseMs } = options;
  const everyMs = Math.max(100, Math.floor(leaseMs / 3));
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | null = null;
  let closed = false;
  /** The last heartbeat failed (the database was away from here). */
  let failing = false;
  /** When the heartbeat came back after failing (local clock, this process's own durations). */
  let recoveredAt = Number.NEGATIVE_INFINITY;

  const insert = () =>
    db
      .insert(ponteProcesses)
      .values({
        id: processId,
        role: options.role,
        host: hostname(),
        pid: process.pid,
        startedAt: sql`now()` as unknown as Date,
        leaseUntil: leaseEnd(leaseMs) as unknown as Date,
      })
      .onConflictDoUpdate({
        target: ponteProcesses.id,
        set: { leaseUntil: leaseEnd(leaseMs) as unknown as Date },
      });

  /** Renews the lease; writes the row again when it was removed. */
  const renew = async () => {
    const renewed = await db
      .update(ponteProcesses)
      .set({ leaseUntil: leaseEnd(leaseMs) as unknown as Date })
      .where(eq(ponteProcesses.id, processId))
      .returning({ id: ponteProcesses.id });
    if (renewed.length) return;
    await insert();
    options.onRevived?.();
  };

  /** A heartbeat, remembering whether it failed and when it came back. */
  const beat = async () => {
    try {
      await renew();
    } catch (error) {
      failing = true;
      throw error;
    }
    if (failing) recoveredAt = Date.now();
    failing = false;
  };

  const schedule = (ms: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      beating = beat()
        .then(() => schedule(everyMs))
        .catch((error: unknown) => {
          options.onError?.(error);
          // Retried sooner than the next beat: the lease has three beats in it.
          schedule(Math.min(1_000, everyMs));
        })
        .finally(() => {
          beating = null;
        });
    }, ms);
    timer.unref();
  };

  return {
    processId,
    /** Writes the row (a failure here stops the start) and starts the heartbeat. */
    async start(): Promise<void> {
      await insert();
      schedule(everyMs);
    },

    /**
     * Whether this process may judge the others' leases: not while its own heartbeat fails,
     * nor for a whole lease after it came back (the database was away from here, most likely
     * from the others too: they get a lease to renew before their executions are crashed).
     */
    mayJudgeOthers: () => !failing && Date.now() - recoveredAt >= leaseMs,

    /** One heartbeat now (tests, and a process that knows it was silent). */
    beat,

    /** Stops the heartbeat and removes the row. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await beating?.catch(() => undefined);
      await db.delete(ponteProcesses).where(eq(ponteProcesses.id, processId));
    },
  };
}

export type ProcessRegistry = ReturnType<typeof createProcessRegistry>;
