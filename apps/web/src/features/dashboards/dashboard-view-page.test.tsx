import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import type { RecordedCall } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { painel, setupView } from './view-test-fixtures';

interface SentQuery {
  periodType: string;
  start_date: string;
  end_date: string;
  data: { id: string; type: string; start_date: string; end_date: string }[];
  widgetUserOptions?: Record<string, { page: number }>;
}

const queries = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'POST' && call.path === '/api/v1/dashboards/query')
    .map((call) => call.body as SentQuery);

// 24/11/2026 12:00 in São Paulo. Only the clock is fixed: timers run as usual.
const now = new Date('2026-11-24T15:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/dashboards/view/{id}', () => {
  it("shows the dashboard's widgets for today, with 'Editar' and 'Atualizar'", async () => {
    const api = setupView();
    renderApp('/dashboards/view/d1');

    expect(await screen.findByRole('heading', { name: 'Operação' })).toBeInTheDocument();
    expect(await screen.findByText('12.345')).toBeInTheDocument();
    expect(screen.getByText('1,2 s')).toBeInTheDocument();
    expect(screen.getByText('Plantão: Ana')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/dashboards/edit/d1',
    );
    expect(screen.getByRole('radio', { name: 'Hoje' })).toBeChecked();

    const [sent] = queries(api.calls);
    expect(sent).toMatchObject({
      periodType: 'today',
      start_date: '2026-11-24T03:00:00Z',
      end_date: '2026-11-25T02:59:59Z',
    });
    // text_html needs no query; each other widget carries its resolved period.
    expect(sent!.data.map(({ id }) => id)).toEqual([
      'widget-count',
      'widget-time',
      'widget-logs',
      'widget-list',
    ]);
    expect(sent!.data[0]).toMatchObject({
      start_date: '2026-11-24T03:00:00Z',
      end_date: '2026-11-25T02:59:59Z',
    });

    await screen.findByText('12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(queries(api.calls)).toHaveLength(2));
  });

  it("says 'Carregando widgets...' until the first results arrive", async () => {
    const api = setupView();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = api.fetch.getMockImplementation()!;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/dashboards/query')) await gate;
      return answer(input, init);
    });
    renderApp('/dashboards/view/d1');

    expect(await screen.findByText('Carregando widgets...')).toBeInTheDocument();
    expect(screen.queryByText('12.345')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('12.345')).toBeInTheDocument();
    expect(screen.queryByText('Carregando widgets...')).not.toBeInTheDocument();
  });

  it('queries again for another period and keeps the choice for the next visit', async () => {
    const api = setupView();
    const { user } = renderApp('/dashboards/view/d1');
    await screen.findByText('12.345');

    await user.click(screen.getByRole('radio', { name: '7 dias' }));
    await waitFor(() => expect(queries(api.calls)).toHaveLength(2));
    expect(queries(api.calls)[1]).toMatchObject({
      periodType: '7_day',
      start_date: '2026-11-17T15:00:00Z',
      end_date: '2026-11-24T15:00:00Z',
    });
    expect(JSON.parse(window.localStorage.getItem('dashboard-view-options')!)).toMatchObject({
      periodType: '7_day',
    });
  });

  it("sends Personalizado's De and Até as São Paulo times, and refuses an inverted pair", async () => {
    const api = setupView();
    const { user } = renderApp('/dashboards/view/d1');
    await screen.findByText('12.345');

    await user.click(screen.getByRole('radio', { name: 'Personalizado' }));
    const from = screen.getByLabelText('De');
    const to = screen.getByLabelText('Até');
    fireEvent.change(from, { target: { value: '2026-11-01T08:00:00' } });
    fireEvent.change(to, { target: { value: '2026-11-02T18:30:00' } });
    await waitFor(() =>
      expect(queries(api.calls).at(-1)).toMatchObject({
        periodType: 'custom',
        start_date: '2026-11-01T11:00:00Z',
        end_date: '2026-11-02T21:30:00Z',
      }),
    );
    const sent = queries(api.calls).length;

    fireEvent.change(from, { target: { value: '2026-11-05T08:00:00' } });
    expect(await screen.findByText('O início do período deve ser anterior ao fim.')).toBeVisible();
    expect(queries(api.calls)).toHaveLength(sent);
  });

  it('restores the last-used options: period and auto-refresh', async () => {
    window.localStorage.setItem(
      'dashboard-view-options',
      JSON.stringify({ periodType: '15_day', autoRefresh: '60' }),
    );
    const api = setupView();
    renderApp('/dashboards/view/d1');
    await screen.findByText('12.345');

    expect(screen.getByRole('radio', { name: '15 dias' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Atualização automática' })).toHaveValue('1 min');
    expect(queries(api.calls)[0]).toMatchObject({
      periodType: '15_day',
      start_date: '2026-11-09T15:00:00Z',
    });
  });

  it('stores the auto-refresh choice', async () => {
    setupView();
    const { user } = renderApp('/dashboards/view/d1');
    await screen.findByText('12.345');

    await user.click(screen.getByRole('combobox', { name: 'Atualização automática' }));
    await user.click(await screen.findByRole('option', { name: '30 s' }));
    expect(JSON.parse(window.localStorage.getItem('dashboard-view-options')!)).toMatchObject({
      periodType: 'today',
      autoRefresh: '30',
    });
  });

  it('pages a list widget by querying that widget alone', async () => {
    const api = setupView();
    const { user } = renderApp('/dashboards/view/d1');
    const table = await screen.findByRole('table', { name: 'Últimos erros' });
    expect(within(table).getByText('erro na página 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('erro na página 2')).toBeInTheDocument();
    const paged = queries(api.calls).at(-1)!;
    expect(paged.data.map(({ id }) => id)).toEqual(['widget-list']);
    expect(paged.widgetUserOptions).toEqual({ 'widget-list': { page: 2 } });
    // The other widgets keep their results.
    expect(screen.getByText('12.345')).toBeInTheDocument();

    // A refresh keeps the page; another period starts the list again on page 1.
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(queries(api.calls).at(-1)!.data).toHaveLength(4));
    expect(queries(api.calls).at(-1)!.widgetUserOptions).toEqual({ 'widget-list': { page: 2 } });
    await user.click(screen.getByRole('radio', { name: '30 dias' }));
    await waitFor(() => expect(queries(api.calls).at(-1)!.periodType).toBe('30_day'));
    expect(queries(api.calls).at(-1)!.widgetUserOptions).toBeUndefined();
    expect(await screen.findByText('erro na página 1')).toBeInTheDocument();
  });

  it('links a log count to the logs page with its search, flow and period', async () => {
    setupView();
    renderApp('/dashboards/view/d1');
    const link = await screen.findByRole('link', { name: /^7/ });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/monitoring');
    expect(JSON.parse(href.searchParams.get('filters')!)).toEqual({
      date_alias: 'custom',
      from: '2026-11-24T00:00:00-03:00',
      to: '2026-11-24T23:59:59-03:00',
      flow: 'f1',
      search: 'timeout',
    });
    expect(screen.getByRole('link', { name: /^12\.345/ })).toHaveAttribute(
      'href',
      '/monitoring/completed',
    );
  });

  it('invites to edit a dashboard without widgets, and queries nothing', async () => {
    const api = setupView([], { ...painel, widgets: [] });
    renderApp('/dashboards/view/d1');
    expect(
      await screen.findByText(
        'Este dashboard ainda não tem widgets. Clique em "Editar" para adicionar.',
      ),
    ).toBeInTheDocument();
    expect(queries(api.calls)).toHaveLength(0);
  });

  it("shows the server's message for a dashboard it cannot find", async () => {
    setupView([
      {
        method: 'GET',
        path: '/api/v1/dashboards/d1',
        reply: apiError(404, 'Dashboard não encontrado.', 'not_found'),
      },
    ]);
    renderApp('/dashboards/view/d1');
    expect(await screen.findByText('Dashboard não encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar aos dashboards' })).toHaveAttribute(
      'href',
      '/dashboards',
    );
  });
});
