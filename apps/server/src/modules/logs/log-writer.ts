import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { LogType } from '../../db/schema';
import { storableText } from '../../lib/storable-text';

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

function groupBy<T>(items: T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return [...groups.values()];
}

/**
 * Inserts the rows; when the batch fails, each workspace's rows are retried on their own,
 * then each line of a workspace whose rows still fail: a bad line never drops the lines of
 * another workspace, nor the other lines of its own. Answers the rows stored and the errors
 * of the lines dropped.
 */
async function insertIsolated(
  db: Database,
  rows: LogRow[],
  level: 'batch' | 'workspace' | 'line' = 'batch',
): Promise<{ stored: number; errors: unknown[] }> {
  try {
    await insertLogs(db, rows);
    return { stored: rows.length, errors: [] };
  } catch (error) {
    if (level === 'line' || rows.length === 1) return { stored: 0, errors: [error] };
    const workspaces = level === 'batch' ? groupBy(rows, (row) => row.workspace_id) : [];
    const parts: [LogRow[], 'workspace' | 'line'][] =
      workspaces.length > 1
        ? workspaces.map((group) => [group, 'workspace'])
        : rows.map((row) => [[row], 'line']);
    let stored = 0;
    const errors: unknown[] = [];
    for (const [part, next] of parts) {
      const result = await insertIsolated(db, part, next);
      stored += result.stored;
      errors.push(...result.errors);
    }
    return { stored, errors };
  }
}

/**
 * Buffers log lines and writes them in batches: at most every `flushMs`, or as soon as
 * `maxBatch` lines wait. A failed batch is retried by workspace and by line once; what still
 * fails is reported and dropped, never retried forever.
 */
export function createLogWriter(
  db: Database,
  options: {
    flushMs?: number;
    maxBatch?: number;
    /** A batch dropped `dropped` lines that could not be stored even one by one. */
    onError?: (error: unknown, dropped?: number) => void;
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
          const { stored, errors } = await insertIsolated(db, batch.slice(at, at + maxBatch));
          if (stored) options.onWritten?.(stored);
          // One report per batch: the first failure and how many lines were dropped.
          if (errors.length) options.onError?.(errors[0], errors.length);
        }
      })
      .catch((error: unknown) => options.onError?.(error));
    return writing;
  };

  return {
    write(entry) {
      buffer.push({
        workspace_id: storableText(entry.workspaceId),
        flow_id: storableText(entry.flowId),
        execution_id: storableText(entry.executionId),
        node_uid: entry.nodeUid == null ? null : storableText(entry.nodeUid),
        type: entry.type,
        label: storableText(entry.label),
        message: storableText(logMessageText(entry.message)),
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
