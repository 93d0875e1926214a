import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { apiError, mockFetch, type MockRoute } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { DebuggerPanel } from './debugger-panel';
import { debugLogItem, debugMessage, fakeDebuggerSocket } from './fake-debugger-socket';
import { useDebugger } from './use-debugger';

const room = 'debugger-f1';
const base = '/engine/flow/debugger';
const state = (active: boolean) => ({
  success: true,
  active,
  current: null,
  waiting: false,
  is_breakpoint: false,
});

function debuggerRoutes(overrides: MockRoute[] = []): MockRoute[] {
  return [
    ...overrides,
    { method: 'POST', path: `${base}/start-debug/f1`, reply: { body: state(true) } },
    { method: 'POST', path: `${base}/stop-debug/f1`, reply: { body: state(false) } },
    { method: 'POST', path: `${base}/next-step/f1`, reply: { body: state(true) } },
    {
      method: 'POST',
      path: /^\/engine\/flow\/debugger\/rerun\//,
      reply: { body: { success: true, execution_id: 'exec-2' } },
    },
  ];
}

function Harness(props: { connect: () => Socket; onHighlightNode: (uid: string) => void }) {
  const debug = useDebugger({ flowId: 'f1', enabled: true, connectSocket: props.connect });
  return (
    <DebuggerPanel
      debug={debug}
      onHighlightNode={props.onHighlightNode}
      onClose={() => {}}
      typeLabel={(type) => (type === 'core_http_request' ? 'Requisição HTTP' : 'Outro')}
    />
  );
}

function setup(routes: MockRoute[] = []) {
  const api = mockFetch(debuggerRoutes(routes));
  const fake = fakeDebuggerSocket();
  const onHighlightNode = vi.fn();
  const connect = () => fake.socket;
  const view = renderWithProviders(<Harness connect={connect} onHighlightNode={onHighlightNode} />);
  return { api, fake, onHighlightNode, ...view };
}

const heldNode = (uid: string, fields: Parameters<typeof debugMessage>[0] = {}) =>
  debugMessage({
    iteration_type: 'node',
    node_uid: uid,
    node_type: 'core_http_request',
    waiting_next_step: true,
    log: debugLogItem(1, {
      node_uid: uid,
      type: 'debug',
      message: JSON.stringify({ payload: { cliente: { nome: 'Ana' } } }),
    }),
    ...fields,
  });

const button = (name: string) => screen.getByRole('button', { name });

describe('Live Debugger panel', () => {
  it('joins the flow room, starts debug and shows "Debug ativo" on debug-start', async () => {
    const { api, fake, user } = setup();
    expect(fake.emitted).toContainEqual({ event: 'join', args: [room, expect.any(Function)] });
    expect(screen.getByText('Live Debugger')).toBeInTheDocument();
    expect(screen.queryByText('Debug ativo')).not.toBeInTheDocument();

    await user.click(button('Start Debug'));
    fake.push(room, debugMessage({ iteration_type: 'event', event: 'debug-start' }));

    expect(await screen.findByText('Debug ativo')).toBeInTheDocument();
    expect(api.callsTo('POST', `${base}/start-debug/f1`)).toHaveLength(1);
    expect(button('Stop Debug')).toBeEnabled();
  });

  it('follows a session started elsewhere: debug-start and debug-stop events', () => {
    const { fake } = setup();
    fake.push(room, debugMessage({ iteration_type: 'event', event: 'debug-start' }));
    expect(screen.getByText('Debug ativo')).toBeInTheDocument();
    fake.push(room, debugMessage({ iteration_type: 'event', event: 'debug-stop' }));
    expect(screen.queryByText('Debug ativo')).not.toBeInTheDocument();
    expect(button('Start Debug')).toBeInTheDocument();
  });

  it('a held node enables Next Step, shows its output and is released by next-step', async () => {
    const { api, fake, user } = setup();
    fake.push(room, debugMessage({ iteration_type: 'event', event: 'debug-start' }));
    expect(button('Next Step')).toBeDisabled();

    fake.push(room, heldNode('node-7'));
    expect(button('Next Step')).toBeEnabled();

    await user.click(screen.getByRole('tab', { name: /Debug Output/ }));
    const output = screen.getByRole('tabpanel', { name: /Debug Output/ });
    expect(within(output).getByText('Requisição HTTP')).toBeInTheDocument();
    expect(within(output).queryByText('core_http_request')).not.toBeInTheDocument();
    expect(within(output).getByText('node-7')).toBeInTheDocument();
    expect(within(output).getByText('UID do conector:', { exact: false })).toBeInTheDocument();
    const path = within(output).getByRole('textbox', { name: 'Caminho JSON' });
    expect(path).toHaveValue('msg');
    await user.click(within(output).getByRole('button', { name: 'Expandir cliente' }));
    await user.click(within(output).getByRole('button', { name: 'nome' }));
    expect(path).toHaveValue('msg.payload.cliente.nome');
    await user.click(within(output).getByRole('button', { name: 'Copiar caminho' }));
    expect(await navigator.clipboard.readText()).toBe('msg.payload.cliente.nome');

    await user.click(button('Next Step'));
    await waitFor(() => expect(api.callsTo('POST', `${base}/next-step/f1`)).toHaveLength(1));
    await waitFor(() => expect(button('Next Step')).toBeDisabled());
    expect(screen.getByText('Nenhum conector aguardando o próximo passo.')).toBeInTheDocument();
  });

  it('Continue steps every 200 ms until the held node is a breakpoint', async () => {
    vi.useFakeTimers();
    const { api, fake } = setup();
    const steps = () => api.callsTo('POST', `${base}/next-step/f1`).length;
    fake.push(room, debugMessage({ iteration_type: 'event', event: 'debug-start' }));
    fake.push(room, heldNode('node-1'));

    await act(async () => {
      fireEvent.click(button('Continue'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(steps()).toBe(1);

    fake.push(room, heldNode('node-2'));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(steps()).toBe(2);

    fake.push(room, heldNode('node-3', { is_breakpoint: true }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(steps()).toBe(2);
    expect(button('Next Step')).toBeEnabled();
    expect(button('Continue')).toBeEnabled();
  });

  it('Stop Debug shows "Stopping..." and "Aguardando finalização" until debug-stop', async () => {
    const { api, fake, user } = setup();
    fake.push(room, debugMessage({ iteration_type: 'event', event: 'debug-start' }));
    await user.click(button('Stop Debug'));
    await waitFor(() => expect(api.callsTo('POST', `${base}/stop-debug/f1`)).toHaveLength(1));
    expect(button('Stopping...')).toBeDisabled();
    expect(screen.getByText('Aguardando finalização')).toBeInTheDocument();

    fake.push(room, debugMessage({ iteration_type: 'event', event: 'debug-stop' }));
    expect(screen.queryByText('Aguardando finalização')).not.toBeInTheDocument();
    expect(button('Start Debug')).toBeEnabled();
  });

  it('keeps the last 50 logs, newest first, and clears them', async () => {
    const { fake, user } = setup();
    const messages = Array.from({ length: 60 }, (_, i) =>
      debugMessage({ log: debugLogItem(i + 1) }),
    );
    fake.push(room, ...messages);
    expect(screen.getByText('Exibindo últimos 50 logs')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Logs do debugger' })).getAllByRole(
      'row',
    );
    expect(rows).toHaveLength(51);
    expect(within(rows[1]!).getByText('Log 60')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('01/03/2026 12:04:05')).toBeInTheDocument();
    expect(screen.getByText('Log 11')).toBeInTheDocument();
    expect(screen.queryByText('Log 10')).not.toBeInTheDocument();

    await user.click(button('Limpar logs'));
    expect(screen.getByText('Exibindo últimos 0 logs')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('hides internal logs unless "Exibir logs internos" is on', async () => {
    const { fake, user } = setup();
    fake.push(room, debugMessage({ log: debugLogItem(1, { label: 'Do usuário' }) }));
    fake.push(
      room,
      debugMessage({ log: debugLogItem(2, { label: 'Nó iniciado', type: 'internal' }) }),
    );
    expect(screen.getByText('Do usuário')).toBeInTheDocument();
    expect(screen.queryByText('Nó iniciado')).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Exibir logs internos' }));
    expect(screen.getByText('Nó iniciado')).toBeInTheDocument();
    expect(screen.getByText('Evento interno')).toBeInTheDocument();
  });

  it('shows a too-large message as text with the notice, and show_as_json as a tree', async () => {
    const { fake, user } = setup();
    const big = `{"a":"${'x'.repeat(100_001)}"}`;
    fake.push(
      room,
      debugMessage({
        log: debugLogItem(1, { label: 'Grande', message: big }),
        message_too_large: true,
      }),
    );
    await user.click(button('Visualizar'));
    const modal = await screen.findByRole('dialog', { name: 'Detalhes do log' });
    expect(
      within(modal).getByText(
        'Mensagem muito grande para exibir como JSON (mais de 100.000 caracteres).',
      ),
    ).toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: 'Abrir no editor' })).toHaveAttribute(
      'href',
      '/flows/f1/execucoes/exec-1',
    );
    expect(within(modal).queryByRole('tree')).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Fechar' }));

    fake.push(
      room,
      debugMessage({
        log: debugLogItem(2, { label: 'Pequena', message: '{"pedido":{"id":42}}' }),
        show_as_json: true,
      }),
    );
    await user.click(screen.getAllByRole('button', { name: 'Visualizar' })[0]!);
    const second = await screen.findByRole('dialog', { name: 'Detalhes do log' });
    const tree = within(second).getByRole('tree', { name: 'Árvore JSON' });
    expect(within(tree).getByText('42')).toBeInTheDocument();
    await user.click(within(tree).getByRole('button', { name: 'Recolher pedido' }));
    expect(within(tree).queryByText('42')).not.toBeInTheDocument();
  });

  it('shows the spec error texts when start, next step or stop fail', async () => {
    const { fake, user } = setup([
      {
        method: 'POST',
        path: `${base}/start-debug/f1`,
        reply: apiError(502, 'Engine indisponível'),
      },
      { method: 'POST', path: `${base}/next-step/f1`, reply: apiError(500, 'x') },
      { method: 'POST', path: `${base}/stop-debug/f1`, reply: apiError(500, 'x') },
    ]);
    await user.click(button('Start Debug'));
    expect(
      await screen.findByText(
        'Ocorreu um erro ao tentar iniciar o modo de debug: Engine indisponível',
      ),
    ).toBeInTheDocument();
    expect(button('Start Debug')).toBeEnabled();

    fake.push(room, debugMessage({ iteration_type: 'event', event: 'debug-start' }));
    fake.push(room, heldNode('node-1'));
    await user.click(button('Next Step'));
    expect(
      await screen.findByText('Ocorreu um erro ao tentar executar o próximo passo de debug'),
    ).toBeInTheDocument();
    expect(button('Next Step')).toBeEnabled();

    await user.click(button('Stop Debug'));
    expect(
      await screen.findByText('Ocorreu um erro ao tentar parar o modo de debug'),
    ).toBeInTheDocument();
    expect(button('Stop Debug')).toBeEnabled();
    expect(screen.queryByText('Aguardando finalização')).not.toBeInTheDocument();
  });

  it('a node id in a log highlights that node in the editor', async () => {
    const { fake, user, onHighlightNode } = setup();
    fake.push(room, debugMessage({ log: debugLogItem(1, { node_uid: 'node-42' }) }));
    await user.click(button('node-42'));
    expect(onHighlightNode).toHaveBeenCalledWith('node-42');
  });

  it('names its columns and fields in Portuguese and keeps each execution id on one line', async () => {
    const { fake, user } = setup();
    const id = '0f6c2a9e-5b7d-4c1e-9a3f-8d2b6e4c1a7f';
    fake.push(room, debugMessage({ log: debugLogItem(1, { execution_id: id }) }));
    const table = screen.getByRole('table', { name: 'Logs do debugger' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Data',
      'Tipo',
      'UID do conector',
      'ID da execução',
      'Rótulo',
      'Ações',
    ]);
    const shown = within(table).getByTitle(id);
    expect(shown).toHaveTextContent(id);
    expect(shown).toHaveStyle({ whiteSpace: 'nowrap' });

    await user.click(button('Visualizar'));
    const modal = await screen.findByRole('dialog', { name: 'Detalhes do log' });
    expect(within(modal).getByText('ID da execução')).toBeInTheDocument();
    expect(within(modal).getByText('UID do conector')).toBeInTheDocument();
    expect(within(modal).queryByText(/Execution ID|Node UID/)).toBeNull();
  });

  it('"Reexecutar no debug" starts debug when needed, then reruns the execution', async () => {
    const { api, fake, user } = setup();
    fake.push(room, debugMessage({ log: debugLogItem(1, { execution_id: 'exec-9' }) }));
    await user.click(button('Visualizar'));
    const modal = await screen.findByRole('dialog', { name: 'Detalhes do log' });
    await user.click(within(modal).getByRole('button', { name: 'Reexecutar no debug' }));

    expect(await screen.findByText('Execução reiniciada no modo de debug.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${base}/start-debug/f1`,
      `${base}/rerun/exec-9`,
    ]);
  });

  it('leaving during a session stops it and leaves the room', async () => {
    const { api, fake, unmount } = setup();
    fake.push(room, debugMessage({ iteration_type: 'event', event: 'debug-start' }));
    unmount();
    await waitFor(() => expect(api.callsTo('POST', `${base}/stop-debug/f1`)).toHaveLength(1));
    expect(fake.emitted).toContainEqual({ event: 'leave', args: [room] });
    expect(fake.state.disconnected).toBe(true);
    expect(fake.listeners(room)).toBe(0);
  });
});
