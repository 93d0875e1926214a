import { getTableColumns } from 'drizzle-orm';
import { executions } from '../../db/schema';

export type ExecutionRow = typeof executions.$inferSelect;

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
