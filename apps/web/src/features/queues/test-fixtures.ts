import type { Queue, QueueJob } from '@ponte/shared/queues.schema';
import type { MockRoute } from '../../test/mock-fetch';
import { listOf, setupWorkspacePage } from '../../test/workspace-page-setup';

export const pedidos: Queue = {
  _id: 'q1',
  name: 'Pedidos',
  status: 'running',
  group: 'g1',
  max_per_second: 5,
  flow_id: { _id: 'f1', name: 'Processar pedidos' },
  queue_status: { delayed: 1, waiting: 2, paused: 0, active: 1, failed: 1, completed: 40 },
  apply_default_values_new_fields: false,
  workspace_id: 'w1',
  version: 1,
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-03-01T02:00:00.000Z',
};

export const job = (id: string, extra: Partial<QueueJob> = {}): QueueJob => ({
  _id: id,
  queue_id: 'q1',
  message: { pedido: 42, itens: ['a', 'b'] },
  excerpt: '',
  publisher: 'Importar pedidos',
  published_at: '2026-01-15T12:34:56Z',
  delayed: false,
  delay_in_seconds: 0,
  run_at: '2026-01-15T12:34:56Z',
  state: 'waiting',
  attempts: 0,
  started_at: null,
  finished_at: null,
  error: null,
  execution_id: null,
  ...extra,
});

export { listOf };

/** A signed-in session and the calls every page of the app makes, plus `extra` first. */
export function setup(extra: MockRoute[] = []) {
  return setupWorkspacePage(extra, [
    { method: 'GET', path: '/api/v1/queues/q1', reply: { body: pedidos } },
    { method: 'GET', path: '/api/v1/queues/q1/depth', reply: { body: { items: [] } } },
    { method: 'GET', path: '/api/v1/queues/q1/restores', reply: { body: { items: [] } } },
    { method: 'GET', path: '/api/v1/queues/jobs/q1', reply: listOf([]) },
  ]);
}
