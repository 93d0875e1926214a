import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/database-unavailable';
import type { LogType } from '../../db/schema';
import { createBackoff } from '../../lib/backoff';
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

/**
 * A line the flow's save setting does not keep (`store: false`) is still read by the alert
 * rules' watch; a line kept later, once its execution failed (`watch: false`), was read when
 * it happened (docs/adr/0060).
 */
export interface LogWriteOptions {
  store?: boolean;
  watch?: boolean;
}

export interface LogWriter {
  write(entry: LogEntry, options?: LogWriteOptions): void;
  /**
   * Rows another statement stored (an execution written once with its lines, docs/adr/0129):
   * counted as the writer counts its own.
   */
  counted?(rows: number): void;
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
export interface LogRow {
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
export function logsInsert(rows: readonly LogRow[]): SQL {
  return sql`
    insert into logs (workspace_id, flow_id, execution_id, node_uid, type, label, message, created_at)
    select workspace_id, flow_id, execution_id, node_uid, type, label, message, created_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(
      workspace_id text, flow_id text, execution_id text, node_uid text, type text,
      label text, message text, created_at timestamptz)`;
}

async function insertLogs(db: Database, rows: LogRow[]): Promise<void> {
  await db.execute(logsInsert(rows));
}

/**
 * What a batch means beyond its rows (the alert rules, docs/adr/0051): `match` reads the rows;
 * when it found something, the rows and `record` share one transaction, so the lines and what
 * they triggered are stored together or not at all.
 */
export interface LogBatchWatch<T> {
  match(rows: readonly LogRow[]): T[];
  record(tx: Database, found: readonly T[]): Promise<void>;
}

/** Rows the watch reads but that are not stored, and rows stored but not watched again. */
const unstored = new WeakSet<LogRow>();
const unwatched = new WeakSet<LogRow>();

/** The rows of a batch that are stored. */
function storedOf(rows: readonly LogRow[]): LogRow[] {
  return rows.filter((row) => !unstored.has(row));
}

/**
 * Inserts the rows to store, with what the watch found in the rows to watch in the same
 * transaction.
 */
async function insertWatched<T>(db: Database, rows: LogRow[], watch?: LogBatchWatch<T>) {
  const found = watch?.match(rows.filter((row) => !unwatched.has(row))) ?? [];
  const stored = storedOf(rows);
  if (!watch || !found.length) return stored.length ? insertLogs(db, stored) : undefined;
  await db.transaction(async (tx) => {
    if (stored.length) await insertLogs(tx as unknown as Database, stored);
    await watch.record(tx as unknown as Database, found);
  });
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
async function insertIsolated<T>(
  db: Database,
  rows: LogRow[],
  watch: LogBatchWatch<T> | undefined,
  level: 'batch' | 'workspace' | 'line' = 'batch',
): Promise<{ stored: number; errors: unknown[] }> {
  try {
    await insertWatched(db, rows, watch);
    return { stored: storedOf(rows).length, errors: [] };
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
      const result = await insertIsolated(db, part, watch, next);
      stored += result.stored;
      errors.push(...result.errors);
    }
    return { stored, errors };
  }
}

/**
 * Stores a batch; when the database refuses the data of a line, the other lines are stored on
 * their own (`insertIsolated`). `'away'` when the database cannot be reached.
 */
async function storeBatch<T>(
  db: Database,
  rows: LogRow[],
  watch: LogBatchWatch<T> | undefined,
): Promise<{ stored: number; errors: unknown[] } | 'away'> {
  try {
    await insertWatched(db, rows, watch);
    return { stored: storedOf(rows).length, errors: [] };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return 'away';
    return insertIsolated(db, rows, watch);
  }
}

/** The row of a line, its text made storable. */
export function logRowOf(entry: LogEntry): LogRow {
  return {
    workspace_id: storableText(entry.workspaceId),
    flow_id: storableText(entry.flowId),
    execution_id: storableText(entry.executionId),
    node_uid: entry.nodeUid == null ? null : storableText(entry.nodeUid),
    type: entry.type,
    label: storableText(entry.label),
    message: storableText(logMessageText(entry.message)),
    created_at: entry.createdAt.toISOString(),
  };
}

/**
 * Buffers log lines and writes them in batches: at most every `flushMs`, or as soon as
 * `maxBatch` lines wait. A batch the database refuses (its data) is reported and dropped. While
 * the database cannot be reached, the lines stay in memory in order (up to `maxPending`, the
 * oldest dropped past it) and the head batch is tried again after a bounded backoff (100 ms
 * doubling up to 5 s), so they are stored within seconds of the database coming back
 * (docs/adr/0019). `close` makes one last try and gives up the rest. A batch whose data the
 * database refuses is retried by workspace and by line once, so one bad line never drops the
 * lines of another workspace; what still fails is reported and dropped.
 */
export function createLogWriter<T = unknown>(
  db: Database,
  options: {
    /** The alert rules' look at each batch (docs/adr/0051). */
    watch?: LogBatchWatch<T>;
    flushMs?: number;
    maxBatch?: number;
    /** Lines kept while the database is away (default 100 000). */
    maxPending?: number;
    minRetryMs?: number;
    maxRetryMs?: number;
    /** A batch dropped `dropped` lines that could not be stored even one by one. */
    onError?: (error: unknown, dropped?: number) => void;
    /** Called with the number of rows each successful batch stored. */
    onWritten?: (rows: number) => void;
  } = {},
): LogWriter {
  const flushMs = options.flushMs ?? 200;
  const maxBatch = options.maxBatch ?? 500;
  const maxPending = options.maxPending ?? 100_000;
  const backoff = createBackoff(options.minRetryMs ?? 100, options.maxRetryMs ?? 5_000);
  /** Lines not stored yet, oldest first; the first `inFlight` are being inserted. */
  const pending: LogRow[] = [];
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | null = null;
  let databaseAway = false;
  let closed = false;
  /** Lines dropped since the last report (too many waiting, or the database away at close). */
  let dropped = 0;

  const reportDropped = () => {
    if (!dropped) return;
    options.onError?.(
      new Error(`${dropped} linha(s) de log descartada(s): o banco de dados não respondeu.`),
    );
    dropped = 0;
  };

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), ms);
    timer.unref();
  };

  const drain = async (): Promise<void> => {
    while (pending.length) {
      const rows = pending.slice(0, maxBatch);
      inFlight = rows.length;
      const result = await storeBatch(db, rows, options.watch);
      inFlight = 0;
      if (result === 'away' && !closed) {
        databaseAway = true;
        return schedule(backoff.next());
      }
      pending.splice(0, rows.length);
      if (result === 'away') {
        dropped += rows.length;
        continue;
      }
      backoff.reset();
      databaseAway = false;
      if (result.stored) options.onWritten?.(result.stored);
      if (result.errors.length) options.onError?.(result.errors[0], result.errors.length);
    }
    reportDropped();
  };

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    writing ??= drain().finally(() => {
      writing = null;
    });
    return writing;
  }

  return {
    write(entry, writeOptions) {
      const row = logRowOf(entry);
      if (writeOptions?.store === false) {
        // Nothing to store and nobody watching: the line goes nowhere.
        if (!options.watch) return;
        unstored.add(row);
      }
      if (writeOptions?.watch === false) unwatched.add(row);
      pending.push(row);
      if (pending.length > maxPending) {
        const excess = pending.length - maxPending;
        pending.splice(inFlight, excess);
        dropped += excess;
      }
      // While the database is away, the retry already scheduled writes the new lines too.
      if (databaseAway) return;
      if (pending.length >= maxBatch) void flush();
      else if (!timer) schedule(flushMs);
    },
    counted(rows) {
      if (rows) options.onWritten?.(rows);
    },
    /** Writes what is waiting now; resolves once stored, or once the database did not answer. */
    flush,
    async close() {
      closed = true;
      await flush();
      reportDropped();
    },
  };
}
