import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { setSelectedGroup } from '../../lib/groups/selected-group';
import { renderApp } from '../../test/render';
import { cadastro, listOf, setup } from './test-fixtures';

const many = (count: number) =>
  Array.from({ length: Math.min(count, 10) }, (_, i) => ({
    ...cadastro,
    _id: `fm${i + 1}`,
    name: `Form ${i + 1}`,
  }));

describe('/forms', () => {
  it('lists a page of 10 of the selected group, with its columns and actions', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const draft = { ...cadastro, _id: 'fm2', name: 'Pesquisa', status: 'draft', group: null };
    const api = setup([
      { method: 'GET', path: '/api/v1/forms', reply: listOf([cadastro, draft], 25) },
    ]);
    renderApp('/forms?page=2&query=cad');

    const table = await screen.findByRole('table', { name: 'Formulários' });
    expect(api.callsTo('GET', '/api/v1/forms')[0]?.url.search).toBe(
      '?page=2&limit=10&query=cad&group=g1',
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Nome', 'Status', 'Grupo', 'Criação', 'Atualização', 'Ações']);
    const row = within(table).getByRole('row', { name: /Cadastro de Clientes/ });
    expect(within(row).getByText('Publicado')).toBeInTheDocument();
    expect(await within(row).findByText('Vendas')).toBeInTheDocument();
    // DD/MM/YYYY HH:mm:ss in São Paulo time.
    expect(within(row).getByText('15/01/2026 09:34:56')).toBeInTheDocument();
    expect(within(row).getByText('28/02/2026 23:00:00')).toBeInTheDocument();
    const view = within(row).getByRole('link', { name: 'Visualizar' });
    expect(view).toHaveAttribute('href', 'http://localhost:3000/engine/forms/fm1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(within(row).getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/forms/edit/fm1',
    );
    expect(within(row).getByRole('link', { name: 'Remover' })).toHaveAttribute(
      'href',
      '/forms/delete/fm1',
    );
    const other = within(table).getByRole('row', { name: /Pesquisa/ });
    expect(within(other).getByText('Rascunho')).toBeInTheDocument();
    expect(within(other).getByText('Sem grupo')).toBeInTheDocument();
  });

  it('searches by name and asks again for the other group when it changes', async () => {
    const api = setup([{ method: 'GET', path: '/api/v1/forms', reply: listOf([cadastro]) }]);
    const { user } = renderApp('/forms');
    await screen.findByRole('row', { name: /Cadastro de Clientes/ });
    await user.type(screen.getByLabelText('Buscar formulários'), 'clien');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/forms').at(-1)?.url.searchParams.get('query')).toBe(
        'clien',
      ),
    );
    act(() => setSelectedGroup('g1'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/forms').at(-1)?.url.searchParams.get('group')).toBe('g1'),
    );
  });

  it('shows the pages only when there are more than 10 forms', async () => {
    let total = 10;
    setup([{ method: 'GET', path: '/api/v1/forms', reply: () => listOf(many(total), total) }]);
    const first = renderApp('/forms');
    await screen.findByRole('row', { name: /Form 10/ });
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
    first.unmount();

    total = 11;
    const api = setup([
      { method: 'GET', path: '/api/v1/forms', reply: () => listOf(many(total), total) },
    ]);
    const { user } = renderApp('/forms');
    await user.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/forms').at(-1)?.url.searchParams.get('page')).toBe('2'),
    );
  });

  it('says when there is no form yet, with the create button, and when a search finds none', async () => {
    setup([{ method: 'GET', path: '/api/v1/forms', reply: listOf([]) }]);
    const first = renderApp('/forms');
    expect(await screen.findByText('Nenhum formulário criado ainda.')).toBeInTheDocument();
    const create = screen.getAllByRole('link', { name: 'Criar formulário' });
    expect(create[0]).toHaveAttribute('href', '/forms/new');
    first.unmount();

    renderApp('/forms?query=nada');
    expect(
      await screen.findByText('Nenhum formulário encontrado para esta busca.'),
    ).toBeInTheDocument();
  });
});
