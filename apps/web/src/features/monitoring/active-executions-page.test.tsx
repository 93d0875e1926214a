import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { joinRoom } from '../../lib/engine/engine-socket';
import { pendingApproval } from '../../test/approval-fixtures';
import { apiError } from '../../test/mock-fetch';
import { expectDenied, signInAs } from '../../test/role-fixtures';
import {
  type FakeSocket,
  now,
  renderPage,
  running,
  setup,
  withFakeSocket,
} from './active-executions-fixtures';

vi.mock('../../lib/engine/engine-socket', () => ({
  connectEngineSocket: vi.fn(),
  joinRoom: vi.fn(),
}));

const sockets = withFakeSocket();
let socket: FakeSocket;
beforeEach(() => {
  socket = sockets.current;
});

describe('ActiveExecutionsPage', () => {
  it('joins live-monitoring and asks the list every second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Flows ativos em tempo real' })).toBeInTheDocument();
    expect(screen.getByText('Nenhum flow em execução no momento.')).toBeInTheDocument();
    socket.open();
    expect(joinRoom).toHaveBeenCalledWith(socket, 'live-monitoring');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(socket.emitted.filter((event) => event === 'get-status-list')).toHaveLength(3);
  });

  it('shows the live rows with name, trigger label, start, ticking elapsed time and links', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(now);
    setup();
    renderPage();
    socket.open();
    socket.fire('status-list', [running('e1'), running('e2', { flow_id: 'f2', flow_name: null })]);
    const table = screen.getByRole('table', { name: 'Flows em execução' });
    const rows = within(table).getAllByRole('row').slice(1);
    const first = within(rows[0]!);
    const flowLink = first.getByRole('link', { name: 'Importar pedidos' });
    expect(flowLink).toHaveAttribute('href', '/flows/f1');
    expect(flowLink).toHaveAttribute('target', '_blank');
    expect(await first.findByText('Webhook')).toBeInTheDocument();
    expect(first.getByText('15/01/2026 08:58:55')).toBeInTheDocument();
    expect(first.getByText('00:01:05')).toBeInTheDocument();
    const logs = first.getByRole('link', { name: 'e1' });
    expect(logs).toHaveAttribute('data-truncate', 'end');
    const href = new URL(logs.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/monitoring');
    expect(JSON.parse(href.searchParams.get('filters')!)).toEqual({
      date_alias: '1000d',
      execution_id: 'e1',
    });
    expect(
      await within(rows[1]!).findByRole('link', { name: 'Sincronizar estoque' }),
    ).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(first.getByText('00:01:07')).toBeInTheDocument();

    socket.fire('status-list-updated', [running('e2', { flow_id: 'f2', flow_name: null })]);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    socket.fire('status-list-updated', []);
    expect(screen.getByText('Nenhum flow em execução no momento.')).toBeInTheDocument();
  });

  it('marks an execution whose caller stopped waiting for its answer', async () => {
    setup();
    const { user } = renderPage();
    socket.open();
    socket.fire('status-list', [
      running('e1', { unawaited_at: '2026-01-15T11:59:30Z' }),
      running('e2', { flow_id: 'f2', unawaited_at: null }),
    ]);
    const table = screen.getByRole('table', { name: 'Flows em execução' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const badge = within(first!).getByText('Não aguardada');
    expect(within(second!).queryByText('Não aguardada')).toBeNull();
    await user.hover(badge);
    expect(
      await screen.findByText('Quem chamou parou de esperar a resposta em 15/01/2026 08:59:30.'),
    ).toBeInTheDocument();
  });

  it("shows the calls waiting for a person under 'Aguardando aprovação', only when there are some", async () => {
    const api = setup();
    const empty = renderPage();
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/approvals')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Aguardando aprovação' })).toBeNull();
    empty.unmount();

    setup([
      {
        method: 'GET',
        path: '/api/v1/approvals',
        reply: { body: { items: [pendingApproval()] } },
      },
    ]);
    renderPage();
    const section = await screen.findByRole('region', { name: 'Aguardando aprovação' });
    expect(within(section).getByRole('button', { name: 'Aprovar' })).toBeInTheDocument();
    expect(within(section).getByText('Reembolsar pedido')).toBeInTheDocument();
  });

  it('shows memory and CPU from system-status', () => {
    setup();
    renderPage();
    socket.open();
    socket.fire('system-status', {
      rss: 512 * 1024 * 1024,
      totalMemory: 2 * 1024 ** 3,
      cpuUsage: 12.5,
      cpuCores: 2,
    });
    expect(screen.getByText('512,00 MB de 2,00 GB')).toBeInTheDocument();
    expect(screen.getByText('12,5% (2 núcleos)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Memória' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });

  it('stops an execution: Stopping once asked, or when the engine says so', async () => {
    const api = setup([
      { method: 'POST', path: '/engine/stop-execution', reply: { body: { success: true } } },
    ]);
    const { user } = renderPage();
    socket.open();
    socket.fire('status-list', [running('e1'), running('e2', { stop_execution: true })]);
    const rows = within(screen.getByRole('table', { name: 'Flows em execução' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[1]!).getByRole('button', { name: 'Stopping' })).toBeDisabled();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Parar' }));
    expect(within(rows[0]!).getByRole('button', { name: 'Stopping' })).toBeDisabled();
    await waitFor(() => expect(api.callsTo('POST', '/engine/stop-execution')).toHaveLength(1));
    expect(api.callsTo('POST', '/engine/stop-execution')[0]!.body).toEqual({
      execution_id: 'e1',
    });
  });

  it('gives the button back with the server message when a stop fails', async () => {
    setup([
      {
        method: 'POST',
        path: '/engine/stop-execution',
        reply: apiError(404, 'Esta execução não está em andamento.'),
      },
    ]);
    const { user } = renderPage();
    socket.open();
    socket.fire('status-list', [running('e1')]);
    await user.click(screen.getByRole('button', { name: 'Parar' }));
    expect(await screen.findByText('Esta execução não está em andamento.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Parar' })).toBeEnabled();
  });

  it('restarts after confirmation: closes the feed, pauses polling, reconnects ~3 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup([
      {
        method: 'GET',
        path: '/engine/stop-execution/restart',
        reply: { body: { success: true, stopped_executions: 1 } },
      },
    ]);
    const { user } = renderPage();
    socket.open();
    socket.fire('status-list', [running('e1')]);

    await user.click(screen.getByRole('button', { name: 'Reiniciar engine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reiniciar engine' });
    expect(api.callsTo('GET', '/engine/stop-execution/restart')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    expect(
      await screen.findByText('Engine reiniciada! Aguarde alguns intantes...'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/engine/stop-execution/restart')).toHaveLength(1);
    expect(socket.disconnects).toBe(1);
    expect(screen.getByRole('button', { name: 'Reiniciar engine' })).toBeDisabled();

    const statusCalls = api.callsTo('GET', '/engine/status').length;
    const asked = socket.emitted.length;
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(api.callsTo('GET', '/engine/status')).toHaveLength(statusCalls);
    expect(socket.emitted).toHaveLength(asked);
    expect(socket.connects).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(socket.connects).toBe(1);
    expect(joinRoom).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Reiniciar engine' })).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(socket.emitted.length).toBeGreaterThan(asked);
    await waitFor(() =>
      expect(api.callsTo('GET', '/engine/status').length).toBeGreaterThan(statusCalls),
    );
  });

  it('says so when the restart fails, and still reconnects', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup([
      {
        method: 'GET',
        path: '/engine/stop-execution/restart',
        reply: apiError(500, 'Erro interno.'),
      },
    ]);
    const { user } = renderPage();
    socket.open();
    await user.click(screen.getByRole('button', { name: 'Reiniciar engine' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reiniciar engine' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    expect(await screen.findByText('Algo deu errado ao reiniciar a engine!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(socket.connects).toBe(1);
  });

  it('shows a Leitor the live rows with stopping, restarting and deciding disabled', async () => {
    signInAs('viewer');
    const api = setup([
      { method: 'GET', path: '/api/v1/approvals', reply: { body: { items: [pendingApproval()] } } },
    ]);
    const { user } = renderPage();
    socket.open();
    socket.fire('status-list', [running('e1')]);
    const stop = screen.getByRole('button', { name: 'Parar' });
    await expectDenied(user, stop, 'viewer', 'flows.run');
    await user.click(stop);
    expect(api.callsTo('POST', '/engine/stop-execution')).toHaveLength(0);
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Reiniciar engine' }),
      'viewer',
      'workspace.settings',
    );
    await expectDenied(
      user,
      await screen.findByRole('button', { name: 'Aprovar' }),
      'viewer',
      'approvals.decide',
    );
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Rejeitar' }),
      'viewer',
      'approvals.decide',
    );
  });

  it('lets a Operador stop an execution and decide, but not restart the engine', async () => {
    signInAs('operator');
    setup();
    const { user } = renderPage();
    socket.open();
    socket.fire('status-list', [running('e1')]);
    expect(screen.getByRole('button', { name: 'Parar' })).not.toHaveAttribute('aria-disabled');
    await expectDenied(
      user,
      screen.getByRole('button', { name: 'Reiniciar engine' }),
      'operator',
      'workspace.settings',
    );
  });
});
