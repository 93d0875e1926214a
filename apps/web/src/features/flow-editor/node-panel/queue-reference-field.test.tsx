import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import { mockFetch } from '../../../test/mock-fetch';
import type { MockRoute } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { realManifest } from '../../../test/engine-library';
import { NodePanel } from './node-panel';

vi.mock('../code-editor/monaco-editor', () => import('../code-editor/monaco-editor.mock'));

const queues = [
  { _id: 'q1', name: 'pedidos' },
  { _id: 'q2', name: 'boletos' },
];

function queueDetail(id: string, consumer: { _id: string; name: string } | null) {
  return {
    method: 'GET',
    path: `/api/v1/queues/${id}`,
    reply: { body: { _id: id, name: id, flow_id: consumer } },
  } satisfies MockRoute;
}

function setup({
  type = 'core_queue_trigger',
  params = {},
  items = queues,
  routes = [],
  flowId = 'f-editado',
}: {
  type?: string;
  params?: Record<string, unknown>;
  items?: typeof queues;
  routes?: MockRoute[];
  flowId?: string | null;
} = {}) {
  const api = mockFetch([
    ...routes,
    { method: 'GET', path: '/api/v1/queues', reply: { body: { items, total: items.length } } },
  ]);
  const onChange = vi.fn<(next: FlowNode) => void>();
  const node: FlowNode = { uid: 'n1', type, typeVersion: 1, position: { x: 0, y: 0 }, params };
  const view = renderWithProviders(
    <NodePanel
      node={node}
      manifest={realManifest(type)}
      issues={[]}
      onChange={onChange}
      onClose={() => {}}
      flowId={flowId}
    />,
  );
  return { ...view, api, last: () => onChange.mock.lastCall?.[0] };
}

describe('queue picker', () => {
  it("lists the workspace's queues by name and stores the _id", async () => {
    const { user, api, last } = setup({ type: 'core_queue_publish' });
    await user.click(screen.getByRole('combobox', { name: 'Fila' }));
    await user.click(await screen.findByRole('option', { name: 'boletos' }));
    expect(last()?.params.queue).toBe('q2');
    const call = api.callsTo('GET', '/api/v1/queues')[0];
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ page: '1', size: '1000' });
  });

  it('shows a queue removed since as missing, and one given by name as it is', async () => {
    const { unmount } = setup({ params: { queue: 'q_gone' } });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Fila' })).toHaveValue(
        'Fila não encontrada (q_gone)',
      ),
    );
    expect(screen.getByText('A fila escolhida não existe mais: escolha outra.')).toBeVisible();
    unmount();
    setup({ type: 'core_queue_publish', params: { queue: 'pedidos' } });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Fila' })).toHaveValue('pedidos'),
    );
    expect(screen.queryByText(/não existe mais/)).not.toBeInTheDocument();
  });

  it('links to the new queue form when the workspace has none', async () => {
    setup({ items: [] });
    const link = await screen.findByRole('link', { name: 'Criar fila' });
    expect(link).toHaveAttribute('href', '/queues/new');
    expect(screen.getByText(/Nenhuma fila interna neste workspace ainda/)).toBeVisible();
  });
});

describe('queue trigger consumer warning', () => {
  it('warns when another flow already consumes the chosen queue', async () => {
    setup({
      params: { queue: 'q1' },
      routes: [queueDetail('q1', { _id: 'f-outro', name: 'Cobrança' })],
    });
    expect(await screen.findByText(messages.queues.otherConsumer('Cobrança'))).toBeVisible();
  });

  it('says nothing when the consumer is the flow being edited, or there is none', async () => {
    const { api, unmount } = setup({
      params: { queue: 'q1' },
      routes: [queueDetail('q1', { _id: 'f-editado', name: 'Este' })],
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/queues/q1')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Fila' })).toHaveValue('pedidos'),
    );
    expect(screen.queryByText(/já é consumida pelo flow/)).not.toBeInTheDocument();
    unmount();
    const second = setup({ params: { queue: 'q2' }, routes: [queueDetail('q2', null)] });
    await waitFor(() => expect(second.api.callsTo('GET', '/api/v1/queues/q2')).toHaveLength(1));
    expect(screen.queryByText(/já é consumida pelo flow/)).not.toBeInTheDocument();
  });

  it('warns on a flow not saved yet, and never on a publisher node', async () => {
    const consumed = [queueDetail('q1', { _id: 'f-outro', name: 'Cobrança' })];
    const { unmount } = setup({ params: { queue: 'q1' }, routes: consumed, flowId: null });
    expect(await screen.findByText(messages.queues.otherConsumer('Cobrança'))).toBeVisible();
    unmount();
    const publisher = setup({
      type: 'core_queue_publish',
      params: { queue: 'q1' },
      routes: consumed,
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Fila' })).toHaveValue('pedidos'),
    );
    expect(publisher.api.callsTo('GET', '/api/v1/queues/q1')).toHaveLength(0);
    expect(screen.queryByText(/já é consumida pelo flow/)).not.toBeInTheDocument();
  });
});
