import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../test/mock-fetch';
import type { RecordedCall } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { LogsPage } from './logs-page';

const longMessage = 'x'.repeat(250);

const logs = [
  {
    _id: 'l1',
    data: {
      message: JSON.stringify({ pedido: 42, cliente: 'Ana' }),
      label: 'Pedido recebido',
      execution_id: 'e1',
      type: 'user',
      flow_id: 'f1',
      node_uid: 'n1',
      timestamp: '2026-01-15T12:34:56Z',
    },
  },
  {
    _id: 'l2',
    data: {
      message: longMessage,
      label: 'Texto longo',
      execution_id: 'e2',
      type: 'internal',
      flow_id: 'f2',
      node_uid: null,
      timestamp: '2026-01-15T12:35:00Z',
    },
  },
];

function setup({ items = logs, total = items.length }: { items?: unknown[]; total?: number } = {}) {
  return mockFetch([
    { method: 'GET', path: '/api/v1/monitoring/logs', reply: { body: { items, total } } },
    {
      method: 'GET',
      path: '/api/v1/flows',
      reply: {
        body: {
          items: [
            { _id: 'f1', name: 'Importar pedidos' },
            { _id: 'f2', name: 'Sincronizar estoque' },
          ],
          total: 2,
        },
      },
    },
    {
      method: 'GET',
      path: '/engine/status',
      reply: {
        body: {
          running: true,
          scheduled_jobs: 0,
          running_flows_count: 0,
          queues: { registered_queues: 0 },
          endpoint: 'http://localhost/engine',
        },
      },
    },
  ]);
}

type Api = ReturnType<typeof setup>;
const logCalls = (api: Api) => api.callsTo('GET', '/api/v1/monitoring/logs');
const lastLogCall = (api: Api): RecordedCall => logCalls(api).at(-1)!;
const filtersOf = (call: RecordedCall) =>
  JSON.parse(call.url.searchParams.get('filters') ?? 'null') as unknown;
const withFilters = (filters: object, extra = '') =>
  `/monitoring?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`;

/** FileReader: jsdom's Blob has no text(). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('LogsPage', () => {
  it('asks page 1 of 20 logs of the last hour and shows each log in a row', async () => {
    const api = setup();
    renderWithProviders(<LogsPage />, { path: '/monitoring' });
    expect(screen.getByRole('heading', { name: 'Logs de monitoramento' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Logs' });
    const call = logCalls(api)[0]!;
    expect(call.url.searchParams.get('page')).toBe('1');
    expect(call.url.searchParams.get('size')).toBe('20');
    expect(filtersOf(call)).toEqual({ date_alias: '1h' });

    const rows = within(table).getAllByRole('row');
    const first = within(rows[1]!);
    expect(first.getByText('Pedido recebido')).toBeInTheDocument();
    // An execution id stays on one line (cut with an ellipsis where its column ends).
    expect(first.getByText('e1')).toHaveAttribute('data-truncate', 'end');
    expect(first.getByText('Usuário')).toBeInTheDocument();
    expect(await first.findByText('Importar pedidos')).toBeInTheDocument();
    expect(first.getByText('15/01/2026 09:34:56')).toBeInTheDocument();

    const second = within(rows[2]!);
    expect(second.getByText(`${'x'.repeat(200)}...`)).toBeInTheDocument();
    expect(second.getByText('Evento interno')).toBeInTheDocument();
    expect(second.getByText('Sincronizar estoque')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1h' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Tipo de log' })).toHaveValue('Todos');
    expect(screen.getByRole('combobox', { name: 'Flow' })).toHaveValue('Todos os flows');
  });

  it('names a flow created after the page opened, in the table and in the Flow filter', async () => {
    let flows = [{ _id: 'f1', name: 'Importar pedidos' }];
    let items: unknown[] = [logs[0]];
    const api = mockFetch([
      {
        method: 'GET',
        path: '/api/v1/monitoring/logs',
        reply: () => ({ body: { items, total: items.length } }),
      },
      {
        method: 'GET',
        path: '/api/v1/flows',
        reply: () => ({ body: { items: flows, total: flows.length } }),
      },
      {
        method: 'GET',
        path: '/engine/status',
        reply: {
          body: {
            running: true,
            scheduled_jobs: 0,
            running_flows_count: 0,
            queues: { registered_queues: 0 },
          },
        },
      },
    ]);
    const { user } = renderWithProviders(<LogsPage />, { path: '/monitoring' });
    const table = await screen.findByRole('table', { name: 'Logs' });
    expect(await within(table).findByText('Importar pedidos')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/v1/flows')).toHaveLength(1);

    flows = [...flows, { _id: 'f3', name: 'Conciliar notas' }];
    items = [{ ...logs[0]!, _id: 'l3', data: { ...logs[0]!.data, flow_id: 'f3' } }];
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await within(table).findByText('Conciliar notas')).toBeInTheDocument();
    expect(within(table).queryByText('f3')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Flow' }));
    expect(await screen.findByRole('option', { name: 'Conciliar notas' })).toBeInTheDocument();
  });

  it('reads page and filters from the address (the link of the flows list)', async () => {
    const api = setup({ total: 45 });
    renderWithProviders(<LogsPage />, {
      path: withFilters({ flow: 'f1', date_alias: '1d' }, '&page=2'),
    });
    await screen.findByRole('table', { name: 'Logs' });
    const call = logCalls(api)[0]!;
    expect(call.url.searchParams.get('page')).toBe('2');
    expect(filtersOf(call)).toEqual({ date_alias: '1d', flow: 'f1' });
    expect(screen.getByRole('radio', { name: '24h' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Flow' })).toHaveValue('Importar pedidos'),
    );
  });

  it('accepts the every-log link of the live page: 1000d reads Tudo, with the execution id', async () => {
    const api = setup();
    renderWithProviders(<LogsPage />, {
      path: withFilters({ date_alias: '1000d', execution_id: 'e9' }),
    });
    await screen.findByRole('table', { name: 'Logs' });
    expect(filtersOf(logCalls(api)[0]!)).toEqual({ date_alias: '1000d', execution_id: 'e9' });
    expect(screen.getByRole('radio', { name: 'Tudo' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'ID da execução' })).toHaveValue('e9');
  });

  it('filters by search term, flow and type, back on page 1', async () => {
    const api = setup({ total: 45 });
    const { user, router } = renderWithProviders(<LogsPage />, { path: '/monitoring?page=2' });
    await screen.findByRole('table', { name: 'Logs' });

    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'pedido{Enter}');
    await waitFor(() => expect(filtersOf(lastLogCall(api))).toMatchObject({ search: 'pedido' }));
    expect(lastLogCall(api).url.searchParams.get('page')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Flow' }));
    await user.click(await screen.findByRole('option', { name: 'Sincronizar estoque' }));
    await user.click(screen.getByRole('combobox', { name: 'Tipo de log' }));
    await user.click(await screen.findByRole('option', { name: 'Evento interno' }));
    await waitFor(() =>
      expect(filtersOf(lastLogCall(api))).toEqual({
        date_alias: '1h',
        search: 'pedido',
        flow: 'f2',
        type: 'internal',
      }),
    );
    const inUrl = JSON.parse(
      router.state.location.search
        ? new URLSearchParams(router.state.location.search).get('filters')!
        : '{}',
    ) as unknown;
    expect(inUrl).toEqual({ date_alias: '1h', search: 'pedido', flow: 'f2', type: 'internal' });
  });

  it('sends a custom period with the fixed -03:00 offset', async () => {
    const api = setup();
    const { user } = renderWithProviders(<LogsPage />, { path: '/monitoring' });
    await screen.findByRole('table', { name: 'Logs' });
    await user.click(screen.getByRole('radio', { name: 'Personalizado' }));
    const from = screen.getByLabelText('De');
    expect(from).toHaveAttribute('type', 'datetime-local');
    expect(from).toHaveAttribute('step', '1');
    expect(from).toHaveAttribute('max', '2099-12-12T23:59:59');
    fireEvent.change(from, { target: { value: '2026-11-23T10:00:05' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-11-23T18:30' } });
    await waitFor(() =>
      expect(filtersOf(lastLogCall(api))).toEqual({
        from: '2026-11-23T10:00:05-03:00',
        to: '2026-11-23T18:30:00-03:00',
      }),
    );
    // The input keeps the chosen moment (jsdom writes it with milliseconds).
    expect((screen.getByLabelText('De') as HTMLInputElement).value).toMatch(/^2026-11-23T10:00:05/);
  });

  it('keeps De when Até is filled right after it', async () => {
    const api = setup();
    const { user } = renderWithProviders(<LogsPage />, { path: '/monitoring' });
    await screen.findByRole('table', { name: 'Logs' });
    await user.click(screen.getByRole('radio', { name: 'Personalizado' }));
    // Both changes land before the page renders again.
    act(() => {
      fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-11-23T10:00:05' } });
      fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-11-23T18:30' } });
    });
    await waitFor(() =>
      expect(filtersOf(lastLogCall(api))).toEqual({
        from: '2026-11-23T10:00:05-03:00',
        to: '2026-11-23T18:30:00-03:00',
      }),
    );
    expect((screen.getByLabelText('De') as HTMLInputElement).value).toMatch(/^2026-11-23T10:00:05/);
  });

  it('refuses an Até after 2099-12-12 typed by hand, and sends nothing', async () => {
    const api = setup();
    const { user } = renderWithProviders(<LogsPage />, { path: '/monitoring' });
    await screen.findByRole('table', { name: 'Logs' });
    await user.click(screen.getByRole('radio', { name: 'Personalizado' }));
    await waitFor(() => expect(filtersOf(lastLogCall(api))).toEqual({ date_alias: '1000d' }));
    const calls = logCalls(api).length;

    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2100-01-01T00:00' } });
    expect(
      await screen.findByText('Informe uma data até 12/12/2099 23:59:59.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Até')).toHaveAttribute('aria-invalid', 'true');
    expect(logCalls(api)).toHaveLength(calls);
    expect(logCalls(api).some((call) => JSON.stringify(filtersOf(call)).includes('2100'))).toBe(
      false,
    );

    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2099-12-12T23:59:59' } });
    await waitFor(() =>
      expect(filtersOf(lastLogCall(api))).toEqual({ to: '2099-12-12T23:59:59-03:00' }),
    );
    expect(screen.queryByText('Informe uma data até 12/12/2099 23:59:59.')).not.toBeInTheDocument();
  });

  it('Limpar filtros goes back to the defaults', async () => {
    const api = setup();
    const { user, router } = renderWithProviders(<LogsPage />, {
      path: withFilters({ flow: 'f1', date_alias: '7d', type: 'user', search: 'abc' }),
    });
    await screen.findByRole('table', { name: 'Logs' });
    expect(screen.getByRole('textbox', { name: 'Buscar' })).toHaveValue('abc');
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(filtersOf(lastLogCall(api))).toEqual({ date_alias: '1h' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('textbox', { name: 'Buscar' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: '1h' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Tipo de log' })).toHaveValue('Todos');
  });

  it('shows the empty state with its hint', async () => {
    setup({ items: [] });
    renderWithProviders(<LogsPage />, { path: '/monitoring' });
    expect(
      await screen.findByText(
        'Nenhum log de atividade recebido para o período e filtros selecionados.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Altere o período ou os filtros para ver outros logs.'),
    ).toBeInTheDocument();
  });

  it('opens the details with the JSON message as a tree and downloads it', async () => {
    setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:log');
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, original));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });

    const { user } = renderWithProviders(<LogsPage />, { path: '/monitoring' });
    const table = await screen.findByRole('table', { name: 'Logs' });
    await within(table).findByText('Importar pedidos');
    await user.click(within(table).getAllByRole('button', { name: 'Detalhes' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes do log' });
    for (const text of [
      'l1',
      '15/01/2026 09:34:56',
      'e1',
      'Usuário',
      'Importar pedidos',
      'n1',
      'Pedido recebido',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    for (const label of ['ID da execução', 'UID do conector', 'Rótulo']) {
      expect(within(dialog).getByText(label)).toBeInTheDocument();
    }
    expect(within(dialog).queryByText(/Execution ID|Node UID|^Label$/)).toBeNull();
    const tree = within(dialog).getByRole('tree', { name: 'Árvore JSON' });
    expect(tree.textContent).toContain('pedido: 42');
    expect(tree.textContent).toContain('cliente: "Ana"');
    // The execution this log belongs to, on the canvas of the flow version it ran.
    expect(within(dialog).getByRole('link', { name: 'Abrir no editor' })).toHaveAttribute(
      'href',
      '/flows/f1/execucoes/e1',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Baixar' }));
    expect(downloads).toEqual(['log-l1.json']);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(JSON.parse(await readText(blob))).toEqual({ pedido: 42, cliente: 'Ana' });

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await user.click(within(table).getAllByRole('button', { name: 'Detalhes' })[1]!);
    const textDialog = await screen.findByRole('dialog', { name: 'Detalhes do log' });
    expect(within(textDialog).queryByRole('tree', { name: 'Árvore JSON' })).toBeNull();
    expect(within(textDialog).getByText(longMessage)).toBeInTheDocument();
    await user.click(within(textDialog).getByRole('button', { name: 'Baixar' }));
    expect(downloads).toEqual(['log-l1.json', 'log-l2.txt']);
  });

  it('Atualizar reloads, and auto-refresh reloads at the chosen interval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup();
    const { user } = renderWithProviders(<LogsPage />, { path: '/monitoring' });
    await screen.findByRole('table', { name: 'Logs' });
    expect(logCalls(api)).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Atualização automática' })).toHaveValue(
      'Desligada',
    );

    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(logCalls(api)).toHaveLength(2));

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(logCalls(api)).toHaveLength(2);

    await user.click(screen.getByRole('combobox', { name: 'Atualização automática' }));
    await user.click(await screen.findByRole('option', { name: '10 s' }));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(logCalls(api)).toHaveLength(3));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(logCalls(api)).toHaveLength(4));
  });
});
