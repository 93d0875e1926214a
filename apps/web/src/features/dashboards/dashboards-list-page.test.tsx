import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { catchDownloads } from '../../test/catch-downloads';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { listOf, operacao, operacaoRow, setup } from './list-test-fixtures';

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const semGrupo = { ...operacaoRow, _id: 'd2', name: 'Pedidos', group: null, widget_count: 0 };

describe('/dashboards', () => {
  it('lists a page of 10 of the selected group with name, group, update and actions', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const api = setup([
      { method: 'GET', path: '/api/v1/dashboards', reply: listOf([operacaoRow, semGrupo], 25) },
    ]);
    const { user } = renderApp('/dashboards?page=2&query=sp');

    expect(await screen.findByRole('heading', { name: 'Dashboards' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Dashboards' });
    expect(api.callsTo('GET', '/api/v1/dashboards')[0]?.url.search).toBe(
      '?page=2&limit=10&query=sp&group=g1',
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Nome', 'Widgets', 'Grupo', 'Atualização', 'Ações']);
    const row = within(table).getByRole('row', { name: /Operação SP!/ });
    expect(await within(row).findByText('Vendas')).toBeInTheDocument();
    expect(within(row).getByText('28/02/2026 23:00:00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Operação SP!' })).toHaveAttribute(
      'href',
      '/dashboards/view/d1',
    );
    expect(within(row).getByRole('link', { name: 'Visualizar' })).toHaveAttribute(
      'href',
      '/dashboards/view/d1',
    );
    const other = within(table).getByRole('row', { name: /Pedidos/ });
    expect(within(other).getByText('Sem grupo')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Mais ações' }));
    expect(await screen.findByRole('menuitem', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/dashboards/edit/d1',
    );
    expect(screen.getByRole('menuitem', { name: 'Remover' })).toHaveAttribute(
      'href',
      '/dashboards/delete/d1',
    );
    expect(screen.getAllByRole('link', { name: 'Novo dashboard' })[0]).toHaveAttribute(
      'href',
      '/dashboards/new',
    );
  });

  it('keeps the page and the search in the URL and asks again', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({
      ...operacaoRow,
      _id: `x${i}`,
      name: `Painel ${i + 1}`,
    }));
    const api = setup([{ method: 'GET', path: '/api/v1/dashboards', reply: listOf(many, 11) }]);
    const { user, router } = renderApp('/dashboards');
    await screen.findByRole('row', { name: /Painel 10/ });
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await user.type(screen.getByLabelText('Buscar dashboards'), 'vendas');
    await waitFor(() => expect(router.state.location.search).toMatch(/query=vendas/));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/dashboards').at(-1)?.url.searchParams.get('query')).toBe(
        'vendas',
      ),
    );
  });

  it('goes back to the last page when the page asked for is past the end', async () => {
    setup([{ method: 'GET', path: '/api/v1/dashboards', reply: listOf([operacaoRow], 11) }]);
    const { router } = renderApp('/dashboards?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });

  it('duplicates only after the spec confirmation and shows the server refusal', async () => {
    let answer = apiError(404, 'Dashboard não encontrado.');
    const api = setup([
      { method: 'GET', path: '/api/v1/dashboards', reply: listOf([operacaoRow]) },
      { method: 'POST', path: '/api/v1/dashboards/duplicate/d1', reply: () => answer },
    ]);
    const { user } = renderApp('/dashboards');
    const row = await screen.findByRole('row', { name: /Operação SP!/ });
    const openDuplicate = async () => {
      await user.click(within(row).getByRole('button', { name: 'Mais ações' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Duplicar' }));
    };
    await openDuplicate();
    const dialog = await screen.findByRole('dialog', { name: 'Duplicar dashboard' });
    expect(dialog).toHaveTextContent('Deseja realmente duplicar este dashboard?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('POST', '/api/v1/dashboards/duplicate/d1')).toHaveLength(0);

    await openDuplicate();
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Dashboard não encontrado.')).toBeInTheDocument();

    answer = { status: 201, body: { ...operacao, _id: 'd9', name: 'Operação SP! (cópia)' } };
    const listCalls = api.callsTo('GET', '/api/v1/dashboards').length;
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Dashboard duplicado com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/dashboards/duplicate/d1')).toHaveLength(2);
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/dashboards').length).toBeGreaterThan(listCalls),
    );
  });

  it('exports {slug}.dashboard.json from the whole dashboard, without _id and group', async () => {
    const downloads = catchDownloads();
    const api = setup([
      { method: 'GET', path: '/api/v1/dashboards', reply: listOf([operacaoRow]) },
    ]);
    const { user } = renderApp('/dashboards');
    const row = await screen.findByRole('row', { name: /Operação SP!/ });
    await user.click(within(row).getByRole('button', { name: 'Mais ações' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Exportar' }));
    await waitFor(() => expect(downloads.names).toEqual(['operacao-sp.dashboard.json']));
    expect(api.callsTo('GET', '/api/v1/dashboards/d1')).toHaveLength(1);
    const file = JSON.parse(await readBlob(downloads.blobs[0]!)) as Record<string, unknown>;
    expect(Object.keys(file).sort()).toEqual(['name', 'widgets']);
    const { content: _content, ...widget } = operacao.widgets[0]!;
    expect(file).toEqual({ name: 'Operação SP!', widgets: [widget] });
  });

  it('shows the server message when the export cannot fetch the dashboard', async () => {
    const downloads = catchDownloads();
    setup([
      { method: 'GET', path: '/api/v1/dashboards', reply: listOf([operacaoRow]) },
      {
        method: 'GET',
        path: '/api/v1/dashboards/d1',
        reply: apiError(404, 'Dashboard não encontrado.'),
      },
    ]);
    const { user } = renderApp('/dashboards');
    const row = await screen.findByRole('row', { name: /Operação SP!/ });
    await user.click(within(row).getByRole('button', { name: 'Mais ações' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Exportar' }));
    expect(await screen.findByText('Dashboard não encontrado.')).toBeInTheDocument();
    expect(downloads.names).toEqual([]);
  });

  it('says when there is no dashboard yet, and when a search finds none', async () => {
    setup([{ method: 'GET', path: '/api/v1/dashboards', reply: listOf([]) }]);
    const first = renderApp('/dashboards');
    expect(await screen.findByText('Nenhum dashboard criado ainda.')).toBeInTheDocument();
    first.unmount();
    renderApp('/dashboards?query=nada');
    expect(
      await screen.findByText('Nenhum dashboard encontrado para esta busca.'),
    ).toBeInTheDocument();
  });
});
