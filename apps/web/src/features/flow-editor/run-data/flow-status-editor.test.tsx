import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExecutionData, FlowStatusEvent, NodeData } from '@ponte/shared/execution-data.schema';
import type * as EngineSocket from '../../../lib/engine/engine-socket';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { fakeDebuggerSocket } from '../debugger/fake-debugger-socket';
import { openEditorRoutes, savedFlow, triggerAndLog } from '../editor-test-fixtures';
import { FlowEditorPage } from '../flow-editor-page';

const sockets = vi.hoisted(() => ({
  all: [] as ReturnType<typeof fakeDebuggerSocket>[],
}));
vi.mock('../../../lib/engine/engine-socket', async (importOriginal) => ({
  ...(await importOriginal<typeof EngineSocket>()),
  connectEngineSocket: () => {
    const socket = fakeDebuggerSocket();
    sockets.all.push(socket);
    return socket.socket;
  },
}));

const flow = savedFlow(triggerAndLog({ connected: true }));

/** The socket that joined the flow's status room. */
const statusSocket = () =>
  sockets.all.find((socket) =>
    socket.emitted.some((e) => e.event === 'join' && e.args[0] === 'flow-status-f1'),
  );

async function setup(extra: MockRoute[] = []) {
  sockets.all = [];
  mockFetch([...extra, ...openEditorRoutes(flow)]);
  const view = renderWithProviders(<FlowEditorPage />, {
    path: '/flows/f1',
    pattern: '/flows/:id',
  });
  await screen.findByTestId('node-log-1');
  await waitFor(() => expect(statusSocket()).toBeDefined());
  return view;
}

const event = (
  executionId: string,
  nodes: FlowStatusEvent['nodes'],
  finished?: FlowStatusEvent['finished'],
  mode: FlowStatusEvent['mode'] = 'production',
): FlowStatusEvent => ({
  execution_id: executionId,
  mode,
  nodes,
  ...(finished ? { finished } : {}),
});

const node = (uid: string) => screen.getByTestId(`node-${uid}`);

describe('the live node status on the canvas', () => {
  it('shows each node running, done with its items, or failed, as any execution runs', async () => {
    const { unmount } = await setup();
    const live = statusSocket()!;
    live.push(
      'flow-status',
      event('e1', [
        { node_uid: 'trigger', state: 'success', items: 1 },
        { node_uid: 'log-1', state: 'running', items: 0 },
      ]),
    );
    expect(within(node('trigger')).getByText('1 item')).toBeInTheDocument();
    expect(within(node('trigger')).getByLabelText('Concluído')).toBeInTheDocument();
    expect(within(node('log-1')).getByLabelText('Executando')).toBeInTheDocument();

    live.push(
      'flow-status',
      event(
        'e1',
        [
          { node_uid: 'trigger', state: 'success', items: 1 },
          { node_uid: 'log-1', state: 'error', items: 0 },
        ],
        'error',
      ),
    );
    expect(within(node('log-1')).getByLabelText('Falhou')).toBeInTheDocument();
    expect(within(node('log-1')).queryByLabelText('Executando')).toBeNull();
    // Kept after the end, until the next execution starts: then only its states show.
    live.push('flow-status', event('e2', [{ node_uid: 'trigger', state: 'success', items: 3 }]));
    expect(within(node('trigger')).getByText('3 itens')).toBeInTheDocument();
    expect(within(node('log-1')).queryByLabelText('Falhou')).toBeNull();
    // A late event of the older execution never takes the canvas back.
    live.push(
      'flow-status',
      event('e1', [{ node_uid: 'log-1', state: 'error', items: 0 }], 'error'),
    );
    expect(within(node('log-1')).queryByLabelText('Falhou')).toBeNull();
    expect(within(node('trigger')).getByText('3 itens')).toBeInTheDocument();

    // Leaving the editor leaves the room and closes its socket.
    unmount();
    expect(live.emitted.some((e) => e.event === 'leave' && e.args[0] === 'flow-status-f1')).toBe(
      true,
    );
    expect(live.state.disconnected).toBe(true);
  });

  it("shows the open node's answer as it is written, then lets its output take its place", async () => {
    await setup();
    const live = statusSocket()!;
    fireEvent.click(node('log-1'));
    const panel = await screen.findByRole('complementary', { name: 'Configuração do conector' });
    const running = (text?: string) =>
      event('e1', [
        { node_uid: 'trigger', state: 'success', items: 1 },
        { node_uid: 'log-1', state: 'running', items: 0, ...(text ? { text } : {}) },
      ]);
    live.push('flow-status', running());
    expect(within(panel).queryByText('Resposta em andamento…')).toBeNull();

    live.push('flow-status', running('O pedido 42'));
    const answer = within(panel).getByRole('region', { name: 'Resposta em andamento…' });
    expect(within(answer).getByTestId('live-answer')).toHaveTextContent(/^O pedido 42$/);
    live.push('flow-status', running('O pedido 42 foi aprovado.'));
    expect(within(answer).getByTestId('live-answer')).toHaveTextContent(
      /^O pedido 42 foi aprovado\.$/,
    );

    live.push(
      'flow-status',
      event(
        'e1',
        [
          { node_uid: 'trigger', state: 'success', items: 1 },
          { node_uid: 'log-1', state: 'success', items: 1 },
        ],
        'success',
      ),
    );
    expect(within(panel).queryByText('Resposta em andamento…')).toBeNull();
    expect(within(panel).queryByText(/O pedido 42/)).toBeNull();
  });

  it("does not show another node's answer in the open node's panel", async () => {
    await setup();
    fireEvent.click(node('trigger'));
    const panel = await screen.findByRole('complementary', { name: 'Configuração do conector' });
    statusSocket()!.push(
      'flow-status',
      event('e1', [{ node_uid: 'log-1', state: 'running', items: 0, text: 'O pedido 42' }]),
    );
    expect(within(node('log-1')).getByLabelText('Executando')).toBeInTheDocument();
    expect(within(panel).queryByText('Resposta em andamento…')).toBeNull();
  });

  it('ignores what is not a node status', async () => {
    await setup();
    statusSocket()!.push('flow-status', { execution_id: 'e1', nodes: 'x' });
    expect(within(node('trigger')).queryByText(/item/)).toBeNull();
  });
});

/**
 * The editor run e1 to the Log: first waiting for a person (docs/adr/0100), the Log's message
 * sent on the node's 'approval' output; `resume()` makes it end well, with another message.
 */
function waitingRun() {
  let resumed = false;
  const execution = (): ExecutionData => ({
    execution: {
      _id: 'e1',
      flow_id: 'f1',
      status: resumed ? 'success' : 'waiting',
      mode: 'editor',
      debug: false,
      trigger_node_uid: 'trigger',
      started_at: '2026-11-28T12:00:00Z',
      ended_at: '2026-11-28T12:00:01Z',
      duration_ms: 1000,
      error: null,
      flow_version: null,
      rerun_of: null,
      personal_data_masked: false,
      trace_id: null,
    },
    flow: null,
    kept: true,
    nodes: [
      {
        node_uid: 'trigger',
        status: 'success',
        runs: 1,
        items: 1,
        outputs: { default: 1 },
        duration_ms: 1,
      },
      {
        node_uid: 'log-1',
        status: 'success',
        runs: 1,
        items: 1,
        outputs: resumed ? { default: 1 } : { approval: 1 },
        duration_ms: 4,
      },
    ],
  });
  const logData = (): NodeData => ({
    node_uid: 'log-1',
    runs: [
      {
        input: { payload: {} },
        outputs: [
          resumed
            ? { output: 'default', msg: { payload: { resposta: 'Estorno feito' } } }
            : { output: 'approval', msg: { payload: { aguardando: 'Aprovação do estorno' } } },
        ],
        duration_ms: 4,
      },
    ],
  });
  const routes: MockRoute[] = [
    {
      method: 'POST',
      path: '/engine/flow/editor-run/f1',
      reply: { body: { success: true, execution_id: 'e1' } },
    },
    {
      method: 'GET',
      path: '/api/v1/monitoring/executions/e1/data',
      reply: () => ({ body: execution() }),
    },
    {
      method: 'GET',
      path: '/api/v1/monitoring/executions/e1/data/log-1',
      reply: () => ({ body: logData() }),
    },
  ];
  return { routes, resume: () => (resumed = true) };
}

describe('an editor run that waited for an approval', () => {
  it("shows the open node's data of the run's end once the live status says it ended", async () => {
    const run = waitingRun();
    const { user } = await setup(run.routes);
    fireEvent.click(node('log-1'));
    await user.click(await screen.findByRole('button', { name: 'Executar até aqui' }));
    const start = await screen.findByRole('dialog', { name: 'Dados de início' });
    await user.click(within(start).getByRole('button', { name: 'Executar' }));
    const bar = await screen.findByRole('status', { name: 'Execução do editor' });
    const live = statusSocket()!;
    const logDone = [{ node_uid: 'log-1', state: 'success' as const, items: 1 }];
    live.push('flow-status', event('e1', logDone, 'waiting', 'editor'));
    await within(bar).findByText('A execução do editor aguarda a aprovação de uma ferramenta.');
    await user.click(screen.getByRole('tab', { name: 'Saída' }));
    await screen.findByText('Aprovação do estorno');

    // A person approved: the same execution goes on, then ends; its live status says so.
    run.resume();
    live.push('flow-status', event('e1', [], undefined, 'editor'));
    live.push('flow-status', event('e1', logDone, 'success', 'editor'));
    await within(bar).findByText('Execução do editor concluída até "Log".');
    await screen.findByText('Estorno feito');
    expect(screen.queryByText('Aprovação do estorno')).toBeNull();
  });
});
