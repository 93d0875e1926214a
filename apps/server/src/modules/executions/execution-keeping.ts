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
  /** The execution ended: with `errors`, the lines held are stored unless it succeeded. */
  end(status: string): void;
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
 */
export function createLogKeeper(
  level: ExecutionSaveLevel,
  logs: Pick<LogWriter, 'write'>,
): LogKeeper {
  if (level === 'all') return { write: (entry: LogEntry) => logs.write(entry), end() {} };
  if (level === 'none') {
    return { write: (entry: LogEntry) => logs.write(entry, { store: false }), end() {} };
  }
  let held: LogEntry[] = [];
  return {
    write(entry: LogEntry) {
      logs.write(entry, { store: false });
      held.push(entry);
    },
    end(status: string) {
      const lines = held;
      held = [];
      const all = status !== 'success';
      for (const entry of lines) {
        if (all || entry.type === 'user') logs.write(entry, { watch: false });
      }
    },
  };
}
