import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type MockRoute } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { CompletedExecutionsPage } from './completed-executions-page';

const execution = (
  id: string,
  status: string,
  executionTime: number,
  flowName: string | null = 'Importar pedidos',
) => ({
  _id: id,
  data: {
    execution_id: id,
    flow_id: 'f1',
    flow_name: flowName,
    status,
    timestamp: '2026-01-15T12:34:56Z',
    message: { execution_time: executionTime },
    error: null,
  },
});

const items = [
  execution('e1', 'success', 850),
  execution('e2', 'error', 1500),
  execution('e3', 'stopped', 3_723_000),
  execution('e4', 'crashed', 61_000, null),
  execution('e5', 'waiting', 2000),
];

function setup({ total = items.length, counts = [2, 0, 3], routes = [] as MockRoute[] } = {}) {
  let requests = 0;
  const api = mockFetch([
    ...routes,
    {
      method: 'GET',
      path: '/api/v1/monitoring/executions/completed',
      reply: { body: { items, total } },
    },
    {
      method: 'GET',
      path: '/api/v1/monitoring/executions/completed/timeseries',
      reply: () => {
        requests += 1;
        return {
          body: counts.map((y, i) => ({
            x: new Date(Date.UTC(2026, 0, 15, 12, i)).toISOString(),
            y: y * requests,
          })),
        };
      },
    },
  ]);
  return api;
}

describe('CompletedExecutionsPage', () => {
  it('lists 10 finished executions per page with date, duration and status', async () => {
    const api = setup();
    renderWithProviders(<CompletedExecutionsPage />, { path: '/monitoring/completed' });
    expect(screen.getByRole('heading', { name: 'Flows executados' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Execuções finalizadas' });
    const call = api.callsTo('GET', '/api/v1/monitoring/executions/completed')[0]!;
    expect(call.url.searchParams.get('page')).toBe('1');
    expect(call.url.searchParams.get('size')).toBe('10');

    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['Importar pedidos', 'e1', '15/01/2026 09:34:56', '850 ms', 'Sucesso', 'Abrir no editor'],
      ['Importar pedidos', 'e2', '15/01/2026 09:34:56', '0h 0m 1s', 'Erro', 'Abrir no editor'],
      [
        'Importar pedidos',
        'e3',
        '15/01/2026 09:34:56',
        '1h 2m 3s',
        'Interrompida',
        'Abrir no editor',
      ],
      ['f1', 'e4', '15/01/2026 09:34:56', '0h 1m 1s', 'Interrompida por falha', 'Abrir no editor'],
      // Paused for a person's approval of an agent's tool call.
      [
        'Importar pedidos',
        'e5',
        '15/01/2026 09:34:56',
        '0h 0m 2s',
        'Aguardando',
        'Abrir no editor',
      ],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Importar pedidos' })).toHaveAttribute(
      'href',
      '/flows/f1',
    );
    expect(within(rows[3]!).queryByRole('link', { name: 'f1' })).toBeNull();
    expect(within(rows[0]!).getByText('e1')).toHaveAttribute('data-truncate', 'end');
  });

  it('names the flow version each execution ran, when it ran one', async () => {
    mockFetch([
      {
        method: 'GET',
        path: '/api/v1/monitoring/executions/completed',
        reply: {
          body: {
            items: [
              {
                ...execution('e1', 'success', 850),
                data: { ...execution('e1', 'success', 850).data, flow_version: 7 },
              },
              // Before versions existed: no version to name.
              {
                ...execution('e2', 'success', 850),
                data: { ...execution('e2', 'success', 850).data, flow_version: null },
              },
            ],
            total: 2,
          },
        },
      },
      {
        method: 'GET',
        path: '/api/v1/monitoring/executions/completed/timeseries',
        reply: { body: [] },
      },
    ]);
    renderWithProviders(<CompletedExecutionsPage />, { path: '/monitoring/completed' });
    const table = await screen.findByRole('table', { name: 'Execuções finalizadas' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getAllByRole('cell')[0]!.textContent).toBe('Importar pedidosVersão 7');
    expect(within(second!).getAllByRole('cell')[0]!.textContent).toBe('Importar pedidos');
  });

  it('opens each execution in the editor and marks those run from the editor', async () => {
    mockFetch([
      {
        method: 'GET',
        path: '/api/v1/monitoring/executions/completed',
        reply: {
          body: {
            items: [
              {
                ...execution('e1', 'error', 850),
                data: { ...execution('e1', 'error', 850).data, mode: 'editor' },
              },
              execution('e/2', 'success', 850),
            ],
            total: 2,
          },
        },
      },
      {
        method: 'GET',
        path: '/api/v1/monitoring/executions/completed/timeseries',
        reply: { body: [] },
      },
    ]);
    renderWithProviders(<CompletedExecutionsPage />, { path: '/monitoring/completed' });
    const table = await screen.findByRole('table', { name: 'Execuções finalizadas' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Abrir no editor' })).toHaveAttribute(
      'href',
      '/flows/f1/execucoes/e1',
    );
    expect(within(second!).getByRole('link', { name: 'Abrir no editor' })).toHaveAttribute(
      'href',
      '/flows/f1/execucoes/e%2F2',
    );
    expect(within(first!).getAllByRole('cell').at(-2)!.textContent).toBe('ErroEditor');
    // Items from before the mode existed are production runs: no badge.
    expect(within(second!).getAllByRole('cell').at(-2)!.textContent).toBe('Sucesso');
  });

  it('marks an execution whose caller stopped waiting for its answer', async () => {
    mockFetch([
      {
        method: 'GET',
        path: '/api/v1/monitoring/executions/completed',
        reply: {
          body: {
            items: [
              {
                ...execution('e1', 'success', 40_000),
                data: {
                  ...execution('e1', 'success', 40_000).data,
                  unawaited_at: '2026-01-15T12:34:30Z',
                },
              },
              execution('e2', 'success', 850),
            ],
            total: 2,
          },
        },
      },
      {
        method: 'GET',
        path: '/api/v1/monitoring/executions/completed/timeseries',
        reply: { body: [] },
      },
    ]);
    renderWithProviders(<CompletedExecutionsPage />, { path: '/monitoring/completed' });
    const table = await screen.findByRole('table', { name: 'Execuções finalizadas' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getAllByRole('cell').at(-2)!.textContent).toBe('SucessoNão aguardada');
    expect(within(second!).getAllByRole('cell').at(-2)!.textContent).toBe('Sucesso');
  });

  it('asks the page in the address', async () => {
    const api = setup({ total: 35 });
    renderWithProviders(<CompletedExecutionsPage />, { path: '/monitoring/completed?page=3' });
    await screen.findByRole('table', { name: 'Execuções finalizadas' });
    const call = api.callsTo('GET', '/api/v1/monitoring/executions/completed')[0]!;
    expect(call.url.searchParams.get('page')).toBe('3');
  });

  it('charts the last hour and Atualizar asks it again', async () => {
    const api = setup();
    const { user } = renderWithProviders(<CompletedExecutionsPage />, {
      path: '/monitoring/completed',
    });
    expect(await screen.findByText('5 execuções finalizadas')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Execuções finalizadas' });
    // 'Total' is the table's count only; the chart says what it counts.
    expect(screen.getAllByText(/^Total/)).toHaveLength(1);
    const timeseries = '/api/v1/monitoring/executions/completed/timeseries';
    expect(api.callsTo('GET', timeseries)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('10 execuções finalizadas')).toBeInTheDocument();
    expect(api.callsTo('GET', timeseries)).toHaveLength(2);
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/monitoring/executions/completed')).toHaveLength(2),
    );
  });

  it('says so when nothing has finished yet', async () => {
    mockFetch([
      {
        method: 'GET',
        path: '/api/v1/monitoring/executions/completed',
        reply: { body: { items: [], total: 0 } },
      },
      {
        method: 'GET',
        path: '/api/v1/monitoring/executions/completed/timeseries',
        reply: { body: [] },
      },
    ]);
    renderWithProviders(<CompletedExecutionsPage />, { path: '/monitoring/completed' });
    expect(await screen.findByText('Nenhuma execução finalizada ainda.')).toBeInTheDocument();
  });
});

describe("'Reexecutar falhas'", () => {
  it('previews how many failed executions of the flow and period run again, then runs them', async () => {
    const extra = setup({
      routes: [
        {
          method: 'GET',
          path: '/api/v1/flows',
          reply: { body: { items: [{ _id: 'f1', name: 'Importar pedidos' }], total: 1 } },
        },
        {
          method: 'POST',
          path: '/api/v1/monitoring/executions/rerun-failed/preview',
          reply: { body: { count: 3, without_trigger: 1, max: 500 } },
        },
        {
          method: 'POST',
          path: '/api/v1/monitoring/executions/rerun-failed',
          reply: { status: 201, body: { execution_ids: ['n1', 'n2'], skipped: 1 } },
        },
      ],
    });
    const { user } = renderWithProviders(<CompletedExecutionsPage />);
    await user.click(screen.getByRole('button', { name: 'Reexecutar falhas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reexecutar falhas' });
    expect(within(dialog).getByRole('button', { name: 'Reexecutar' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Flow' }));
    await user.click(await screen.findByRole('option', { name: 'Importar pedidos' }));
    expect(
      await within(dialog).findByText(
        '2 execuções com erro serão reexecutadas. 1 não tem os dados do gatilho para rodar de novo (mais de 1 MB, guardados mascarados ou já apagados pela retenção) e fica de fora.',
      ),
    ).toBeInTheDocument();
    const preview = extra.callsTo('POST', '/api/v1/monitoring/executions/rerun-failed/preview');
    expect(preview[0]!.body).toMatchObject({ flow_id: 'f1' });
    const { from, to } = preview[0]!.body as { from: string; to: string };
    expect(from).toMatch(/-03:00$/);
    expect(Date.parse(to) - Date.parse(from)).toBe(24 * 60 * 60 * 1000);

    await user.click(within(dialog).getByRole('button', { name: 'Reexecutar 2' }));
    await waitFor(() =>
      expect(extra.callsTo('POST', '/api/v1/monitoring/executions/rerun-failed')).toHaveLength(1),
    );
    expect(await screen.findByText('2 execuções reexecutadas.')).toBeInTheDocument();
  });
});
