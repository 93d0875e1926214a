import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { listOf, noturna, pedidos, semWorker, setup } from './list-test-fixtures';

const path = '/api/v1/alert-rules';

describe('/alert-rules', () => {
  it('lists a page of 10 of the selected group with the spec columns and actions', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const api = setup([{ method: 'GET', path, reply: listOf([pedidos, noturna, semWorker], 25) }]);
    renderApp('/alert-rules?page=2&query=ped');

    expect(await screen.findByRole('heading', { name: 'Regras de alerta' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Regras de alerta' });
    expect(api.callsTo('GET', path)[0]?.url.search).toBe('?page=2&perPage=10&filter=ped&group=g1');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Nome',
      'Grupo',
      'Tipo',
      'Janela de captura',
      'Ação',
      'Status',
      'Atualização',
      'Ações',
    ]);
    const row = within(table).getByRole('row', { name: /Erros de pedidos/ });
    expect(await within(row).findByText('Vendas')).toBeInTheDocument();
    for (const text of ['Match de logs', '5 minutos', 'Webhook', 'Ativo', '28/02/2026 23:00:00'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Erros de pedidos' })).toHaveAttribute(
      'href',
      '/alert-rules/edit/r1',
    );
    expect(within(row).getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/alert-rules/edit/r1',
    );
    expect(within(row).getByRole('link', { name: 'Remover' })).toHaveAttribute(
      'href',
      '/alert-rules/delete/r1',
    );

    const other = within(table).getByRole('row', { name: /Importação noturna/ });
    for (const text of ['Sem grupo', 'Flow sem sucesso', '—', 'E-mail', 'Inativo'])
      expect(within(other).getByText(text)).toBeInTheDocument();
    const stuck = within(table).getByRole('row', { name: /Fila sem worker/ });
    for (const text of ['Execução sem worker', 'Webhook', 'Ativo'])
      expect(within(stuck).getByText(text)).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Criar regra de alerta' })).toHaveAttribute(
      'href',
      '/alert-rules/new',
    );
  });

  it('keeps the page and the search in the URL and asks again', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({
      ...pedidos,
      _id: `x${i}`,
      name: `Regra ${i + 1}`,
    }));
    const api = setup([{ method: 'GET', path, reply: listOf(many, 11) }]);
    const { user, router } = renderApp('/alert-rules');
    await screen.findByRole('row', { name: /Regra 10/ });
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await user.type(screen.getByLabelText('Buscar regras de alerta'), 'pedidos');
    await waitFor(() => expect(router.state.location.search).toMatch(/query=pedidos/));
    await waitFor(() =>
      expect(api.callsTo('GET', path).at(-1)?.url.searchParams.get('filter')).toBe('pedidos'),
    );
  });

  it('goes back to the last page when the page asked for is past the end', async () => {
    setup([{ method: 'GET', path, reply: listOf([pedidos], 11) }]);
    const { router } = renderApp('/alert-rules?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });

  it('duplicates only after the confirmation and shows the server refusal', async () => {
    let answer = apiError(404, 'Regra de alerta não encontrada.');
    const api = setup([
      { method: 'GET', path, reply: listOf([pedidos]) },
      { method: 'POST', path: `${path}/duplicate/r1`, reply: () => answer },
    ]);
    const { user } = renderApp('/alert-rules');
    const row = await screen.findByRole('row', { name: /Erros de pedidos/ });
    await user.click(within(row).getByRole('button', { name: 'Duplicar regra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicar regra' });
    expect(dialog).toHaveTextContent(
      'Deseja realmente duplicar esta regra de alerta? A cópia será criada desabilitada.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('POST', `${path}/duplicate/r1`)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Duplicar regra' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Regra de alerta não encontrada.')).toBeInTheDocument();

    answer = {
      status: 201,
      body: { ...pedidos, _id: 'r9', name: 'Erros de pedidos (cópia)', enabled: false },
    };
    const listCalls = api.callsTo('GET', path).length;
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Regra de alerta duplicado com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST', `${path}/duplicate/r1`)).toHaveLength(2);
    await waitFor(() => expect(api.callsTo('GET', path).length).toBeGreaterThan(listCalls));
  });

  it('says when there is no rule yet, and when a search finds none', async () => {
    setup([{ method: 'GET', path, reply: listOf([]) }]);
    const first = renderApp('/alert-rules');
    expect(await screen.findByText('Nenhuma regra de alerta criado ainda.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Criar regra de alerta' })).toHaveLength(2);
    first.unmount();
    renderApp('/alert-rules?query=nada');
    expect(
      await screen.findByText('Nenhuma regra de alerta encontrado para esta busca.'),
    ).toBeInTheDocument();
  });

  it('shows the server message when the list cannot be loaded', async () => {
    setup([{ method: 'GET', path, reply: apiError(500, 'Falha no banco.') }]);
    renderApp('/alert-rules');
    expect(await screen.findByText('Falha no banco.')).toBeInTheDocument();
  });
});
