import { act } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import type { DebuggerMessage } from '@ponte/shared/live.schema';
import type { LogItem } from '@ponte/shared/monitoring.schema';

type Handler = (...args: unknown[]) => void;

/**
 * For tests: a socket that accepts every join (`joinAnswer` says what it answers a room) and
 * lets the test push room events.
 */
export function fakeDebuggerSocket({
  joinAnswer = () => ({ ok: true }),
}: { joinAnswer?: (room: string) => unknown } = {}) {
  const handlers = new Map<string, Set<Handler>>();
  const emitted: { event: string; args: unknown[] }[] = [];
  const record = (event: string, args: unknown[]) => {
    emitted.push({ event, args });
    const ack = args.at(-1);
    if (event === 'join' && typeof ack === 'function')
      (ack as Handler)(null, joinAnswer(String(args[0])));
  };
  const fake = {
    connected: true,
    disconnected: false,
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return fake;
    },
    off(event: string, handler: Handler) {
      handlers.get(event)?.delete(handler);
      return fake;
    },
    emit(event: string, ...args: unknown[]) {
      record(event, args);
      return fake;
    },
    timeout() {
      return { emit: (event: string, ...args: unknown[]) => record(event, args) };
    },
    disconnect() {
      fake.connected = false;
      fake.disconnected = true;
      return fake;
    },
  };
  return {
    socket: fake as unknown as Socket,
    state: fake,
    emitted,
    /** The server sends each payload on the room (or any event). */
    push(event: string, ...payloads: unknown[]) {
      act(() => {
        for (const payload of payloads) {
          for (const handler of handlers.get(event) ?? []) handler(payload);
        }
      });
    },
    listeners: (event: string) => handlers.get(event)?.size ?? 0,
  };
}

export function debugLogItem(n: number, data: Partial<LogItem['data']> = {}): LogItem {
  return {
    _id: `log${n}`,
    data: {
      message: JSON.stringify({ payload: { n } }),
      label: `Log ${n}`,
      execution_id: 'exec-1',
      type: 'user',
      flow_id: 'f1',
      node_uid: 'node-1',
      timestamp: '2026-03-01T15:04:05Z',
      ...data,
    },
  };
}

export function debugMessage(fields: Partial<DebuggerMessage> = {}): DebuggerMessage {
  return {
    is_debug_mode: true,
    iteration_type: 'log',
    node_uid: null,
    node_type: null,
    log: null,
    message_too_large: false,
    show_as_json: false,
    ...fields,
  };
}
