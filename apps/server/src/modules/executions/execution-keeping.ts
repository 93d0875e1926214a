import type { ExecutionSaveLevel, SaveExecutions } from '@ponte/shared/flows.schema';
import type { LogEntry, LogWriter } from '../logs/log-writer';

/**
 * What is kept of one execution (docs/adr/0060): the flow's `config.save_executions`, else the
 * instance's `PONTE_EXECUTION_SAVE`. A run of the debugger keeps everything it shows.
 */
export function saveLevelOf(
  flowSetting: SaveExecutions | undefined,
  instance: ExecutionSaveLevel,
  debugging: boolean,
): ExecutionSaveLevel {
  if (debugging) return 'all';
  return !flowSetting || flowSetting === 'default' ? instance : flowSetting;
}

/** The log lines of one execution on their way to the writer, as its save level says. */
export interface LogKeeper {
  write(entry: LogEntry): void;
  /**
   * The execution ended: with `errors`, the lines held are stored unless it succeeded. Answers
   * the lines to store that the keeper still holds for the end's own statement (an execution
   * written once, docs/adr/0129); the others went to the writer.
   */
  end(status: string): LogEntry[];
  /** The execution goes on elsewhere (handed back): the lines held for its end go to the writer. */
  release(): void;
}

/**
 * Every line reaches the log writer at once, so the alert rules read every line whatever is
 * kept; the level only decides which are stored:
 * - `all`: every line, as it happens;
 * - `errors`: the lines are held until the execution ends; then the user's lines (`log()`, the
 *   Log connector) are stored, and every line when it ended other than in success (error,
 *   stopped). Held, not stored at once, so that a failed execution reads in the same order as
 *   with `all` (lines of the same millisecond are ordered by id);
 * - `none`: no line (the execution row is all that is kept).
 *
 * `holding`: the execution's end is written with its lines (docs/adr/0129): the lines to store
 * are held (still read by the alert rules at once) until its end, which answers them, or
 * `release` (handed back to the queue: they go to the writer).
 */
export function createLogKeeper(
  level: ExecutionSaveLevel,
  logs: Pick<LogWriter, 'write'>,
  holding = false,
): LogKeeper {
  if (level === 'none') {
    return {
      write: (entry: LogEntry) => logs.write(entry, { store: false }),
      end: () => [],
      release() {},
    };
  }
  let held: LogEntry[] = [];
  let holds = holding;
  const stored = (entry: LogEntry, status: string) =>
    level === 'all' || status !== 'success' || entry.type === 'user';
  return {
    write(entry: LogEntry) {
      if (level === 'all' && !holds) return logs.write(entry);
      logs.write(entry, { store: false });
      held.push(entry);
    },
    release() {
      if (!holds) return;
      holds = false;
      if (level !== 'all') return;
      for (const entry of held) logs.write(entry, { watch: false });
      held = [];
    },
    end(status: string) {
      const lines = held.filter((entry) => stored(entry, status));
      held = [];
      if (holds) return lines;
      for (const entry of lines) logs.write(entry, { watch: false });
      return [];
    },
  };
}
