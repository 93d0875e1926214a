import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { LogType } from '../../db/schema';

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

/** The stored text of a log message: text as is, anything else as its JSON. */
export function logMessageText(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message === undefined) return '';
  try {
    return JSON.stringify(message) ?? String(message);
  } catch {
    return String(message);
  }
}

/**
 * PostgreSQL text cannot hold the NUL character: one in a user's log line would fail the whole
 * batch. It is stored as U+FFFD (the replacement character) instead.
 */
const withoutNul = (text: string) =>
  text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;

/** A row of `logs` as the batch insert reads it from JSON. */
interface LogRow {
  workspace_id: string;
  flow_id: string;
  execution_id: string;
  node_uid: string | null;
  type: LogType;
  label: string;
  message: string;
  created_at: string;
}

/**
 * One statement with the whole batch as a single JSON parameter: about half the cost of a
 * multi-row insert with nine parameters per row (bench/RESULTS.md).
 */
async function insertLogs(db: Database, rows: LogRow[]): Promise<void> {
  await db.execute(sql`
    insert into logs (workspace_id, flow_id, execution_id, node_uid, type, label, message, created_at)
    select workspace_id, flow_id, execution_id, node_uid, type, label, message, created_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(
      workspace_id text, flow_id text, execution_id text, node_uid text, type text,
      label text, message text, created_at timestamptz)`);
}

/**
 * Buffers log lines and writes them in batches: at most every `flushMs`, or as soon as
 * `maxBatch` lines wait. A failed batch is reported and dropped, never retried forever.
 */
export function createLogWriter(
  db: Database,
  options: {
    flushMs?: number;
    maxBatch?: number;
    onError?: (error: unknown) => void;
    /** Called with the number of rows each successful batch stored. */
    onWritten?: (rows: number) => void;
  } = {},
): LogWriter {
  const flushMs = options.flushMs ?? 200;
  const maxBatch = options.maxBatch ?? 500;
  let buffer: LogRow[] = [];
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
          const rows = batch.slice(at, at + maxBatch);
          await insertLogs(db, rows);
          options.onWritten?.(rows.length);
        }
      })
      .catch((error: unknown) => options.onError?.(error));
    return writing;
  };

  return {
    write(entry) {
      buffer.push({
        workspace_id: entry.workspaceId,
        flow_id: entry.flowId,
        execution_id: entry.executionId,
        node_uid: entry.nodeUid ?? null,
        type: entry.type,
        label: withoutNul(entry.label),
        message: withoutNul(logMessageText(entry.message)),
        created_at: entry.createdAt.toISOString(),
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
