import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';

const vendas = { _id: 'g1', name: 'Vendas', created_at: '', updated_at: '' };

function setup(deleteReply: { status?: number; body?: unknown }) {
  storeTestSession();
  let groups = [vendas];
  return mockFetch([
    { method: 'GET', path: '/api/v1/groups/g1', reply: { body: vendas } },
    {
      method: 'DELETE',
      path: '/api/v1/groups/g1',
      reply: () => {
        if ((deleteReply.status ?? 200) < 400) groups = [];
        return deleteReply;
      },
    },
    {
      method: 'GET',
      path: '/api/v1/groups',
      reply: () => ({ body: { items: groups, total: groups.length } }),
    },
    {
      method: 'GET',
      path: '/account/v1/config',
      reply: { body: { docs_url: null, support_url: null } },
    },
  ]);
}

describe('/groups/delete/{id}', () => {
  it('removes nothing when the typed name differs', async () => {
    const api = setup({ status: 204 });
    const { user } = renderApp('/groups/delete/g1');
    expect(screen.getByRole('heading', { name: 'Remover grupo' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Digite o nome para confirmar'), 'vendas');
    await user.click(screen.getByRole('button', { name: 'Remover o grupo' }));
    expect(
      await screen.findByText('O nome do grupo não confere com o nome digitado!'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/groups/g1')).toHaveLength(0);
  });

  it('removes the group on the exact name and refreshes the header selector', async () => {
    const api = setup({ status: 204 });
    const { user, router } = renderApp('/groups/delete/g1');
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/groups')).toHaveLength(1));
    await user.type(await screen.findByLabelText('Digite o nome para confirmar'), 'Vendas');
    await user.click(screen.getByRole('button', { name: 'Remover o grupo' }));

    expect(await screen.findByText('O grupo foi removida com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'));
    expect(api.callsTo('DELETE', '/api/v1/groups/g1')).toHaveLength(1);
    await waitFor(() =>
      expect(
        api
          .callsTo('GET', '/api/v1/groups')
          .filter((call) => call.url.searchParams.get('limit') === '100').length,
      ).toBeGreaterThan(1),
    );
  });

  it('shows the removal error with the server message', async () => {
    setup(apiError(404, 'Grupo não encontrado.'));
    const { user } = renderApp('/groups/delete/g1');
    await user.type(await screen.findByLabelText('Digite o nome para confirmar'), 'Vendas');
    await user.click(screen.getByRole('button', { name: 'Remover o grupo' }));
    expect(
      await screen.findByText('Erro ao remover o grupo: Grupo não encontrado.'),
    ).toBeInTheDocument();
  });
});
