import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import type { ExecutionScope, HolidaysPort } from '../ports';

/**
 * The workspace's holidays for one execution (`ExpressionData.holidays`, docs/adr/0121): the
 * port is asked on the first call only, never when no expression needs them; later calls share
 * that answer (read it, do not change it). A failed answer is not kept: the next call asks again.
 */
export function holidaysOnce(
  port: HolidaysPort,
  scope: ExecutionScope,
  signal: AbortSignal,
): () => Promise<WorkspaceHoliday[]> {
  let pending: Promise<WorkspaceHoliday[]> | undefined;
  return () => {
    pending ??= port.list(scope, signal).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
