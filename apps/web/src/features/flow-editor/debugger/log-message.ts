import { debugMessageTooLarge } from '@ponte/shared/live.schema';
import type { DebugLog } from './debugger-state';
import { downloadText } from '../../../lib/download-text';

export type LogMessageView =
  { kind: 'json'; value: unknown } | { kind: 'text'; text: string; tooLarge: boolean };

/**
 * Spec 1 §4 Log display: a message is parsed as JSON unless it is larger than 100 000
 * characters (then it is text with a notice). Plain text stays text.
 */
export function readLogMessage(log: DebugLog): LogMessageView {
  const text = log.item.data.message;
  if (log.tooLarge || text.length > debugMessageTooLarge) {
    return { kind: 'text', text, tooLarge: true };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (log.showAsJson || (typeof value === 'object' && value !== null)) {
      return { kind: 'json', value };
    }
  } catch {
    // Not JSON: shown as it is.
  }
  return { kind: 'text', text, tooLarge: false };
}

/** Saves the message as a file: pretty JSON (.json) when it is JSON, else text (.txt). */
export function downloadLog(log: DebugLog): void {
  const view = readLogMessage(log);
  const json = view.kind === 'json';
  const content = json ? JSON.stringify(view.value, null, 2) : log.item.data.message;
  downloadText(
    `log-${log.item.data.execution_id || log.item._id}.${json ? 'json' : 'txt'}`,
    content,
    json ? 'application/json' : 'text/plain',
  );
}
