import { randomUUID } from 'node:crypto';
import type { EngineEvent } from '@ponte/engine/executor/events';
import { debugMessageTooLarge, type DebuggerMessage } from '@ponte/shared/live.schema';
import type { LogEntry } from '../logs/log-writer';
import { logMessageText } from '../logs/log-writer';

/** Where the session stands when the message leaves. */
export interface DebugMoment {
  is_debug_mode: boolean;
  is_breakpoint: boolean;
  waiting_next_step: boolean;
}

/** A session event: `debug-start` or `debug-stop`. */
export function debugEventMessage(event: 'debug-start' | 'debug-stop'): DebuggerMessage {
  return {
    is_debug_mode: event === 'debug-start',
    iteration_type: 'event',
    event,
    node_uid: null,
    node_type: null,
    log: null,
    message_too_large: false,
    show_as_json: false,
  };
}

/** true when the text is the JSON of an object or an array (the panel shows it as a tree). */
function isJsonStructure(text: string): boolean {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

function nodeTypeOf(event: EngineEvent): string | null {
  if ('node_type' in event) return event.node_type;
  if (event.type === 'execution_started') return event.trigger_type;
  return null;
}

/**
 * A log line of an execution of a flow in debug, as `debugger-{flowId}` carries it. A held
 * output (`debug_paused`) is a 'node' message that waits for next-step; the rest are 'log'.
 * `id`: the same line shown masked keeps the id of the real one.
 */
export function debuggerLogMessage(
  event: EngineEvent,
  entry: LogEntry,
  moment: DebugMoment,
  id: string = randomUUID(),
): DebuggerMessage {
  const message = logMessageText(entry.message);
  const tooLarge = message.length > debugMessageTooLarge;
  const held = event.type === 'debug_paused';
  return {
    is_debug_mode: moment.is_debug_mode,
    iteration_type: held ? 'node' : 'log',
    node_uid: entry.nodeUid ?? null,
    node_type: nodeTypeOf(event),
    is_breakpoint: held ? event.is_breakpoint : moment.is_breakpoint,
    waiting_next_step: held ? moment.is_debug_mode : moment.waiting_next_step,
    log: {
      // Not written yet: the stored line gets its own id.
      _id: id,
      data: {
        message,
        label: entry.label,
        execution_id: entry.executionId,
        type: entry.type,
        flow_id: entry.flowId,
        node_uid: entry.nodeUid ?? null,
        timestamp: entry.createdAt.toISOString(),
      },
    },
    message_too_large: tooLarge,
    show_as_json: !tooLarge && isJsonStructure(message),
  };
}
