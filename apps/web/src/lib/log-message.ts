import { debugMessageTooLarge } from '@ponte/shared/live.schema';
import { downloadText } from './download-text';

export type LogMessageView =
  { kind: 'json'; value: unknown } | { kind: 'text'; text: string; tooLarge: boolean };

/**
 * Spec 1 §4 Log display: a message is read as JSON (an object or a list, or anything the
 * server marked `show_as_json`) unless it is larger than 100 000 characters; then it is text
 * with a notice. Plain text stays text.
 */
export function readLogMessage(
  text: string,
  flags: { tooLarge?: boolean; showAsJson?: boolean } = {},
): LogMessageView {
  if (flags.tooLarge || text.length > debugMessageTooLarge) {
    return { kind: 'text', text, tooLarge: true };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (flags.showAsJson || (typeof value === 'object' && value !== null)) {
      return { kind: 'json', value };
    }
  } catch {
    // Not JSON: shown as it is.
  }
  return { kind: 'text', text, tooLarge: false };
}

/** Saves a log message: pretty JSON as `{name}.json`, else the text as `{name}.txt`. */
export function downloadLogMessage(name: string, view: LogMessageView): void {
  if (view.kind === 'json') {
    downloadText(`${name}.json`, JSON.stringify(view.value, null, 2), 'application/json');
  } else {
    downloadText(`${name}.txt`, view.text);
  }
}
