import { sql } from 'drizzle-orm';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { WidgetQueryError } from './widget-query';

const queryCanceled = '57014';

/** Whether an error (or one of its causes) is PostgreSQL's statement timeout. */
export function isStatementTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === queryCanceled) return true;
  }
  return false;
}

/**
 * Runs a widget's statements in one transaction under `SET LOCAL statement_timeout` (default
 * `limits.dashboardWidgetQueryTimeoutMs`). PostgreSQL cancels a statement past it (SQLSTATE
 * 57014), which becomes `WidgetQueryError(messages.dashboards.queryTimeout)`, on the embedded
 * PostgreSQL as on an external one (docs/adr/0021). `fn` gets the transaction: every statement
 * it runs there is bounded.
 */
export async function withWidgetTimeout<T>(
  db: Database,
  fn: (tx: Database) => Promise<T>,
  timeoutMs: number = limits.dashboardWidgetQueryTimeoutMs,
): Promise<T> {
  const ms = Math.max(1, Math.trunc(timeoutMs));
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${ms}`));
      return fn(tx as unknown as Database);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw new WidgetQueryError(messages.dashboards.queryTimeout);
    throw error;
  }
}
