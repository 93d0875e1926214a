import type { Database } from '../../db/client';
import { createLogsRepository } from './logs.repository';
import { createPeriodicTask } from '../../lib/periodic-task';

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
  return createPeriodicTask(
    async () => {
      const count = await deleteOlderThan(new Date(options.now().getTime() - options.days * dayMs));
      if (count > 0) options.onRemoved?.(count);
      return count;
    },
    { intervalMs, onError: options.onError },
  );
}
