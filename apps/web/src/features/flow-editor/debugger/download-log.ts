import { downloadLogMessage, readLogMessage } from '../../../lib/log-message';
import type { DebugLog } from './debugger-state';

/** Saves a debugger log's message as `log-{execution id}.json` (or `.txt` when it is text). */
export function downloadLog(log: DebugLog): void {
  const { data } = log.item;
  downloadLogMessage(`log-${data.execution_id || log.item._id}`, readLogMessage(data.message, log));
}
