import type { ExecutionInsert } from './execution-write-once.repository';

/** How long an execution may run before its start row is written after all (docs/adr/0129). */
export const writeOnceWindowMs = 20;

interface Deferred {
  row: ExecutionInsert;
  /** The trigger message's JSON as it came (the run changes the message), or null. */
  triggerJson: string | null;
  timer: NodeJS.Timeout | undefined;
  /** The start row's write, once the window ran out (or someone needed the row). */
  writing: Promise<void> | undefined;
  stored: Promise<void>;
  markStored: () => void;
}

export interface WriteOnceOptions {
  /** Writes a start row (group-committed; nothing when the end wrote the row first). */
  writeStart(row: ExecutionInsert, triggerJson: string | null): Promise<void>;
  onError?: (error: unknown) => void;
  windowMs?: number;
}

/**
 * Executions written once (docs/adr/0129): the row of an execution whose caller waits for its
 * end (a webhook that answers with the flow's result, a queue message) is not written when it
 * starts. Ended within the window, it is written once, start and end in one row with its log
 * lines, in the statement the ends of that moment share (`writeEnds`). Still running when the
 * window runs out (or when something needs its row: a stop, a give-up), its start row is
 * written as any other's, and its end goes over it, still with its lines. Nothing is answered before the row is
 * stored: `stored` resolves once the start row or the whole row is committed.
 */
export function createWriteOnce(options: WriteOnceOptions) {
  const windowMs = options.windowMs ?? writeOnceWindowMs;
  const deferred = new Map<string, Deferred>();

  const writeStart = (id: string, entry: Deferred): Promise<void> => {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.writing ??= options
      .writeStart(entry.row, entry.triggerJson)
      .then(entry.markStored, (error: unknown) => {
        // The end writes the row whole (it is retried while the database is away).
        entry.writing = undefined;
        options.onError?.(error);
      });
    return entry.writing ?? Promise.resolve();
  };

  return {
    /** The execution started; its row waits for its end, at most the window. */
    defer(row: ExecutionInsert, triggerJson: string | null): void {
      let markStored = () => {};
      const stored = new Promise<void>((resolve) => (markStored = resolve));
      const entry: Deferred = {
        row,
        triggerJson,
        timer: undefined,
        writing: undefined,
        stored,
        markStored,
      };
      entry.timer = setTimeout(() => void writeStart(row.id, entry), windowMs);
      deferred.set(row.id, entry);
    },

    /** Whether the execution's row is written with its end (its lines go with it). */
    holds(id: string): boolean {
      return deferred.has(id);
    },

    /** Writes the start row now if it still waits (something needs the row in the database). */
    async flush(id: string): Promise<void> {
      const entry = deferred.get(id);
      if (entry) await writeStart(id, entry);
    },

    /**
     * The execution ended: the row it started with, for its end to write whole (an upsert, so a
     * start row written meanwhile is ended instead). Undefined for any other execution.
     */
    take(id: string): { row: ExecutionInsert; triggerJson: string | null } | undefined {
      const entry = deferred.get(id);
      if (!entry) return undefined;
      clearTimeout(entry.timer);
      entry.timer = undefined;
      return { row: entry.row, triggerJson: entry.triggerJson };
    },

    /** Its end was stored (or given up): whoever waits for the row goes on. */
    ended(id: string, stored: boolean): void {
      const entry = deferred.get(id);
      deferred.delete(id);
      if (entry && stored) entry.markStored();
    },

    /** Resolves once the execution's row is in the database (at once for any other). */
    stored(id: string): Promise<void> {
      return deferred.get(id)?.stored ?? Promise.resolve();
    },

    /** Writes every start row still waiting (the runner is closing). */
    async close(): Promise<void> {
      await Promise.all([...deferred.keys()].map((id) => this.flush(id)));
    },
  };
}

export type WriteOnce = ReturnType<typeof createWriteOnce>;
