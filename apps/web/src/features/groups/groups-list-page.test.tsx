import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { GroupsListPage } from './groups-list-page';

const group = (id: string, name: string) => ({
  _id: id,
  name,
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-03-01T02:00:00.000Z',
});

function mockList(items: ReturnType<typeof group>[], total = items.length) {
  return mockFetch([{ method: 'GET', path: '/api/v1/groups', reply: { body: { items, total } } }]);
}

describe('/groups', () => {
  it('lists the groups of the page in the URL, 10 per page, with dates in São Paulo time', async () => {
    const api = mockList(
      [group('g1', 'Vendas'), group('g2', 'Integrações com fornecedores de logística')],
      25,
    );
    renderWithProviders(<GroupsListPage />, { path: '/groups?page=2&query=a' });

    const table = await screen.findByRole('table', { name: 'Grupos' });
    expect(api.calls[0]?.url.search).toBe('?page=2&limit=10&query=a');
    expect(screen.getByRole('heading', { name: 'Grupos' })).toBeInTheDocument();
    for (const header of ['Nome', 'Criação', 'Atualização']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText('Integrações com fornecedores d...')).toBeInTheDocument();
    expect(within(table).getAllByText('15/01/2026 09:34:56')).toHaveLength(2);
    expect(within(table).getAllByText('28/02/2026 23:00:00')).toHaveLength(2);

    const row = within(table).getByRole('row', { name: /Vendas/ });
    expect(within(row).getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/groups/edit/g1',
    );
    expect(within(row).getByRole('link', { name: 'Remover' })).toHaveAttribute(
      'href',
      '/groups/delete/g1',
    );
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('data-active', 'true');
    expect(screen.getByRole('textbox', { name: 'Buscar grupos' })).toHaveValue('a');
  });

  it('moves to another page through the URL', async () => {
    mockList([group('g1', 'Vendas')], 25);
    const { user, router } = renderWithProviders(<GroupsListPage />, { path: '/groups' });
    await user.click(await screen.findByRole('button', { name: '3' }));
    expect(router.state.location.search).toBe('?page=3');
  });

  it('invites to create the first group when there is none', async () => {
    mockList([]);
    renderWithProviders(<GroupsListPage />, { path: '/groups' });
    expect(await screen.findByText('Nenhum grupo criado ainda.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Criar grupo' })[0]).toHaveAttribute(
      'href',
      '/groups/new',
    );
  });

  it('says when a search finds nothing', async () => {
    mockList([]);
    renderWithProviders(<GroupsListPage />, { path: '/groups?query=zzz' });
    expect(await screen.findByText('Nenhum grupo encontrado para esta busca.')).toBeInTheDocument();
  });

  it('clamps a page past the end', async () => {
    mockList([group('g1', 'Vendas')], 12);
    const { router } = renderWithProviders(<GroupsListPage />, { path: '/groups?page=9' });
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });
});
