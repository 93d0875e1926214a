import { getTableColumns } from 'drizzle-orm';
import { executions } from '../../db/schema';

export type ExecutionRow = typeof executions.$inferSelect;

/** What an execution's end writes. */
export type ExecutionOutcome = Pick<
  ExecutionRow,
  'status' | 'endedAt' | 'durationMs' | 'steps' | 'error'
> & {
  /**
   * The flow's version the run ran (docs/adr/0103); absent or null keeps the one recorded (an
   * end without a run, an editor run of an unsaved document).
   */
  flowVersion?: number | null;
  /** Status `waiting`: why, what new attempts run with, and when the next is due (ADR 0110). */
  waits?: ExecutionRow['waits'];
  resume?: ExecutionRow['resume'];
  resumeAt?: Date | null;
  /** Its OpenTelemetry trace (docs/adr/0131); absent or null keeps the one recorded. */
  traceId?: string | null;
};

/** Every column but the trigger message (up to 1 MB) and what attempts resume with. */
export const {
  triggerMsg: _triggerMsg,
  resume: _resume,
  ...summaryColumns
} = getTableColumns(executions);

/** The rows of a raw statement's result (both drivers give `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
