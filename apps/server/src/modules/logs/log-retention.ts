import type { Database } from '../../db/client';
import { createLogsRepository } from './logs.repository';

const dayMs = 24 * 60 * 60 * 1000;

export interface LogRetentionOptions {
  db: Database;
  /** Logs older than this many days are removed (PONTE_LOG_RETENTION_DAYS). */
  days: number;
  now: () => Date;
  /** How often the old logs are looked for; the first pass runs at start. */
  intervalMs?: number;
  onError: (error: unknown) => void;
  onRemoved?: (count: number) => void;
  /** What is removed (default: the logs table); the security log reuses the same schedule. */
  deleteOlderThan?: (cutoff: Date) => Promise<number>;
}

/** Keeps the logs table (or another, through `deleteOlderThan`) to the configured number of days. */
export function createLogRetention(options: LogRetentionOptions) {
  const deleteOlderThan =
    options.deleteOlderThan ??
    ((cutoff: Date) => createLogsRepository(options.db).deleteOlderThan(cutoff));
  const intervalMs = options.intervalMs ?? 60 * 60 * 1000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /** One pass; a pass already under way is joined, not doubled. */
  function runOnce(): Promise<number> {
    running ??= deleteOlderThan(new Date(options.now().getTime() - options.days * dayMs))
      .then((count) => {
        if (count > 0) options.onRemoved?.(count);
        return count;
      })
      .finally(() => (running = null));
    return running;
  }

  const pass = () => void runOnce().catch(options.onError);

  return {
    runOnce,
    start() {
      if (timer) return;
      pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
