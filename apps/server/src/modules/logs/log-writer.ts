import type { Database } from '../../db/client';
import { logs, type LogType } from '../../db/schema';

export interface LogEntry {
  workspaceId: string;
  flowId: string;
  executionId: string;
  nodeUid?: string | null;
  type: LogType;
  label: string;
  /** Text as is; anything else is stored as its JSON. */
  message: unknown;
  createdAt: Date;
}

export interface LogWriter {
  write(entry: LogEntry): void;
  /** Writes what is buffered now; resolves when it is in the database. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

function asText(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message === undefined) return '';
  try {
    return JSON.stringify(message) ?? String(message);
  } catch {
    return String(message);
  }
}

/**
 * Buffers log lines and writes them in batches: at most every `flushMs`, or as soon as
 * `maxBatch` lines wait. A failed batch is reported and dropped, never retried forever.
 */
export function createLogWriter(
  db: Database,
  options: { flushMs?: number; maxBatch?: number; onError?: (error: unknown) => void } = {},
): LogWriter {
  const flushMs = options.flushMs ?? 200;
  const maxBatch = options.maxBatch ?? 500;
  let buffer: (typeof logs.$inferInsert)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (!buffer.length) return writing;
    const batch = buffer;
    buffer = [];
    writing = writing
      .then(async () => {
        for (let at = 0; at < batch.length; at += maxBatch) {
          await db.insert(logs).values(batch.slice(at, at + maxBatch));
        }
      })
      .catch((error: unknown) => options.onError?.(error));
    return writing;
  };

  return {
    write(entry) {
      buffer.push({
        workspaceId: entry.workspaceId,
        flowId: entry.flowId,
        executionId: entry.executionId,
        nodeUid: entry.nodeUid ?? null,
        type: entry.type,
        label: entry.label,
        message: asText(entry.message),
        createdAt: entry.createdAt,
      });
      if (buffer.length >= maxBatch) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}
