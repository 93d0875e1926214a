import { debuggerMessageSchema } from '@ponte/shared/live.schema';
import type { LogItem } from '@ponte/shared/monitoring.schema';

/** Spec 1 §4, §9: the debugger keeps the last 50 logs; Continue steps every 200 ms. */
export const debugLogsKept = 50;
export const continueStepMs = 200;

/** One log of the panel, with the flags telling how to show its message. */
export interface DebugLog {
  /** Unique within the panel (the same log may arrive twice). */
  key: string;
  item: LogItem;
  tooLarge: boolean;
  showAsJson: boolean;
}

/** The node the session holds now, waiting for Next Step. */
export interface DebugCurrentNode {
  seq: number;
  uid: string;
  type: string;
  isBreakpoint: boolean;
  output: DebugLog | null;
}

/** off → starting → active → stopping → off (the `debug-stop` event). */
export type DebugPhase = 'off' | 'starting' | 'active' | 'stopping';

export interface DebuggerState {
  phase: DebugPhase;
  current: DebugCurrentNode | null;
  /** A next-step call is in flight. */
  stepping: boolean;
  /** While continuing: the `seq` of the node Continue was pressed on; null when not continuing. */
  continueFrom: number | null;
  logs: DebugLog[];
  seq: number;
}

export const initialDebuggerState: DebuggerState = {
  phase: 'off',
  current: null,
  stepping: false,
  continueFrom: null,
  logs: [],
  seq: 0,
};

export type DebuggerAction =
  | { type: 'message'; payload: unknown }
  | { type: 'starting' }
  | { type: 'started' }
  | { type: 'start-failed' }
  | { type: 'stopping' }
  | { type: 'stop-failed' }
  | { type: 'stepping'; value: boolean }
  /** A next-step call succeeded: the node it released is no longer current. */
  | { type: 'released'; seq: number }
  | { type: 'continue'; from: number | null }
  | { type: 'clear-logs' }
  /** The debugger was closed or the page left: no session any more. */
  | { type: 'reset' };

const sessionEnded = { phase: 'off', current: null, stepping: false, continueFrom: null } as const;

function receive(state: DebuggerState, payload: unknown): DebuggerState {
  const parsed = debuggerMessageSchema.safeParse(payload);
  if (!parsed.success) return state;
  const message = parsed.data;
  const seq = state.seq + 1;
  let next: DebuggerState = { ...state, seq };

  if (message.log) {
    const log: DebugLog = {
      key: `${message.log._id}-${seq}`,
      item: message.log,
      tooLarge: message.message_too_large,
      showAsJson: message.show_as_json,
    };
    next.logs = [log, ...state.logs].slice(0, debugLogsKept);
  }
  if (message.event === 'debug-start') {
    next = { ...next, phase: 'active', current: null, stepping: false, continueFrom: null };
  } else if (message.event === 'debug-stop') {
    next = { ...next, ...sessionEnded };
  } else if (
    message.iteration_type === 'node' &&
    message.is_debug_mode &&
    message.node_uid &&
    message.waiting_next_step !== false
  ) {
    next.current = {
      seq,
      uid: message.node_uid,
      type: message.node_type ?? '',
      isBreakpoint: message.is_breakpoint === true,
      output: next.logs[0]?.item === message.log ? next.logs[0] : null,
    };
    // A held node proves a session runs, even if its start event was missed.
    if (state.phase === 'off' || state.phase === 'starting') next.phase = 'active';
  }
  return next;
}

export function debuggerReducer(state: DebuggerState, action: DebuggerAction): DebuggerState {
  switch (action.type) {
    case 'message':
      return receive(state, action.payload);
    case 'starting':
      return { ...state, phase: 'starting' };
    case 'started':
      return state.phase === 'starting' ? { ...state, phase: 'active' } : state;
    case 'start-failed':
      return state.phase === 'starting' ? { ...state, phase: 'off' } : state;
    case 'stopping':
      return { ...state, phase: 'stopping', continueFrom: null };
    case 'stop-failed':
      return state.phase === 'stopping' ? { ...state, phase: 'active' } : state;
    case 'stepping':
      return { ...state, stepping: action.value };
    case 'released':
      return {
        ...state,
        stepping: false,
        current: state.current?.seq === action.seq ? null : state.current,
      };
    case 'continue':
      return { ...state, continueFrom: action.from };
    case 'clear-logs':
      return { ...state, logs: [] };
    case 'reset':
      return { ...state, ...sessionEnded };
  }
}
