import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';

const importOrders = {
  _id: 'f1',
  name: 'Importar pedidos',
  enabled: true,
  group: null,
  workspace: 'w1',
  triggers: [],
  variables: [],
  description: '',
  config: { rate_limit: 0 },
  deprecated_nodes: [],
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-01-15T12:34:56Z',
  version: 3,
};

function setup(deleteReply: { status?: number; body?: unknown }) {
  storeTestSession();
  let flows = [importOrders];
  return mockFetch([
    { method: 'GET', path: '/api/v1/flows/f1', reply: { body: importOrders } },
    {
      method: 'DELETE',
      path: '/api/v1/flows/f1',
      reply: () => {
        if ((deleteReply.status ?? 200) < 400) flows = [];
        return deleteReply;
      },
    },
    {
      method: 'GET',
      path: '/api/v1/flows',
      reply: () => ({ body: { items: flows, total: flows.length } }),
    },
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
    {
      method: 'GET',
      path: '/account/v1/config',
      reply: { body: { docs_url: null, support_url: null } },
    },
  ]);
}

describe('/flows/delete/{id}', () => {
  it('removes nothing when the typed name differs', async () => {
    const api = setup({ status: 204 });
    const { user } = renderApp('/flows/delete/f1');
    expect(screen.getByRole('heading', { name: 'Remover Flow' })).toBeInTheDocument();
    await user.type(
      await screen.findByLabelText('Digite o nome para confirmar'),
      'importar pedidos',
    );
    await user.click(screen.getByRole('button', { name: 'Remover o flow' }));
    expect(
      await screen.findByText('O nome do flow não confere com o nome digitado!'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/flows/f1')).toHaveLength(0);
  });

  it('removes the flow on the exact name and goes back to the list', async () => {
    const api = setup({ status: 204 });
    const { user, router } = renderApp('/flows/delete/f1');
    await user.type(
      await screen.findByLabelText('Digite o nome para confirmar'),
      'Importar pedidos',
    );
    await user.click(screen.getByRole('button', { name: 'Remover o flow' }));

    expect(await screen.findByText('Flow removido com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
    expect(api.callsTo('DELETE', '/api/v1/flows/f1')).toHaveLength(1);
    expect(await screen.findByText('Nenhum Flow criado ainda.')).toBeInTheDocument();
  });

  it('goes back to /flows with Cancelar e voltar', async () => {
    setup({ status: 204 });
    const { user, router } = renderApp('/flows/delete/f1');
    await screen.findByLabelText('Digite o nome para confirmar');
    await user.click(screen.getByRole('button', { name: 'Cancelar e voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
  });

  it('shows the removal error with the server message', async () => {
    setup(apiError(404, 'Flow não encontrado.'));
    const { user } = renderApp('/flows/delete/f1');
    await user.type(
      await screen.findByLabelText('Digite o nome para confirmar'),
      'Importar pedidos',
    );
    await user.click(screen.getByRole('button', { name: 'Remover o flow' }));
    expect(
      await screen.findByText('Erro ao remover Flow:Flow não encontrado.'),
    ).toBeInTheDocument();
  });
});
