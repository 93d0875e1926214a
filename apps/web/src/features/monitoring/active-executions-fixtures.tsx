import { afterEach, beforeEach, vi } from 'vitest';
import { act } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { connectEngineSocket, joinRoom } from '../../lib/engine/engine-socket';
import { mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { ActiveExecutionsPage } from './active-executions-page';

/** What the tests of /monitoring/active share: the live socket, the API and the page. */

type Handler = (...args: unknown[]) => void;

/** The part of a socket.io client the page uses, driven by the test. */
export class FakeSocket {
  connected = false;
  emitted: string[] = [];
  connects = 0;
  disconnects = 0;
  private handlers = new Map<string, Set<Handler>>();

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string) {
    this.emitted.push(event);
    return this;
  }
  connect() {
    this.connects += 1;
    this.open();
    return this;
  }
  disconnect() {
    this.disconnects += 1;
    this.connected = false;
    return this;
  }
  /** The server accepted the connection. */
  open() {
    this.connected = true;
    this.fire('connect');
  }
  fire(event: string, ...args: unknown[]) {
    act(() => {
      for (const handler of this.handlers.get(event) ?? []) handler(...args);
    });
  }
}

/**
 * A fresh fake socket for each test, handed out by the mocked `connectEngineSocket` (the test
 * file mocks '../../lib/engine/engine-socket'); the current one is `sockets.current`.
 */
export function withFakeSocket() {
  const sockets = { current: new FakeSocket() };
  beforeEach(() => {
    sockets.current = new FakeSocket();
    vi.mocked(connectEngineSocket).mockImplementation(() => sockets.current as unknown as Socket);
    vi.mocked(joinRoom).mockResolvedValue({ ok: true });
  });
  afterEach(() => {
    vi.mocked(connectEngineSocket).mockReset();
    vi.mocked(joinRoom).mockReset();
  });
  return sockets;
}

export const now = new Date('2026-01-15T12:00:00Z');

export const running = (id: string, extra: object = {}) => ({
  execution_id: id,
  flow_id: 'f1',
  flow_name: 'Importar pedidos',
  trigger_type: 'core_webhook_trigger',
  trigger_node_uid: 'n1',
  start_time: new Date(now.getTime() - 65_000).toISOString(),
  stop_execution: false,
  ...extra,
});

export function setup(extra: MockRoute[] = []) {
  return mockFetch([
    ...extra,
    {
      method: 'GET',
      path: '/engine/status',
      reply: {
        body: {
          running: true,
          scheduled_jobs: 1,
          running_flows_count: 2,
          queues: { registered_queues: 0 },
          endpoint: 'http://localhost/engine',
        },
      },
    },
    {
      method: 'GET',
      path: '/engine/library',
      reply: {
        body: {
          nodes: [
            {
              type: 'core_webhook_trigger',
              version: 1,
              category: 'trigger',
              label: 'Webhook',
              description: '',
              icon: 'bolt',
              params: {},
              outputs: { default: { label: 'Saída' } },
            },
          ],
        },
      },
    },
    {
      method: 'GET',
      path: '/api/v1/flows',
      reply: { body: { items: [{ _id: 'f2', name: 'Sincronizar estoque' }], total: 1 } },
    },
    { method: 'GET', path: '/api/v1/approvals', reply: { body: { items: [] } } },
    {
      method: 'GET',
      path: '/api/v1/monitoring/executions/waiting',
      reply: { body: { items: [] } },
    },
  ]);
}

export const waitingItem = (id: string, extra: object = {}) => ({
  execution_id: id,
  flow_id: 'f1',
  flow_name: 'Importar pedidos',
  status: 'waiting',
  since: '2026-01-15T11:59:00Z',
  reason: {
    kind: 'retry',
    text: 'Nova tentativa 2 de 4 em 15/01/2026 09:01:00.',
    node_uid: 'api',
    at: '2026-01-15T12:01:00Z',
  },
  run_now: true,
  flow_version: 3,
  ...extra,
});

export function renderPage() {
  return renderWithProviders(<ActiveExecutionsPage />, { path: '/monitoring/active' });
}
