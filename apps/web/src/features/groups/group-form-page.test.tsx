import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import { keepEditing, leaveWithoutSaving } from '../../test/leave-question';

const vendas = { _id: 'g1', name: 'Vendas', created_at: '', updated_at: '' };

function setup(extra: Parameters<typeof mockFetch>[0] = []) {
  storeTestSession();
  return mockFetch([
    ...extra,
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [vendas], total: 1 } } },
    { method: 'GET', path: '/api/v1/groups/g1', reply: { body: vendas } },
    {
      method: 'GET',
      path: '/account/v1/config',
      reply: { body: { docs_url: null, support_url: null } },
    },
  ]);
}

describe('group form', () => {
  it('shows the pt-BR validation messages and sends nothing invalid', async () => {
    const api = setup();
    const { user } = renderApp('/groups/new');
    expect(screen.getByRole('heading', { name: 'Novo grupo' })).toBeInTheDocument();
    const name = screen.getByLabelText(/Nome do grupo/);

    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('O nome do grupo é obrigatório!')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      screen.getByText('O nome do grupo deve ter no máximo 50 caracteres!'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/groups')).toHaveLength(0);
  });

  it('creates a group with the trimmed name, confirms and goes back to /groups', async () => {
    const api = setup([{ method: 'POST', path: '/api/v1/groups', reply: { body: vendas } }]);
    const { user, router } = renderApp('/groups/new');
    await user.type(screen.getByLabelText(/Nome do grupo/), '  Financeiro  ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('O grupo foi salvo com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'));
    expect(api.callsTo('POST', '/api/v1/groups')[0]?.body).toEqual({ name: 'Financeiro' });
  });

  it('edits an existing group', async () => {
    const api = setup([{ method: 'PUT', path: '/api/v1/groups/g1', reply: { body: vendas } }]);
    const { user } = renderApp('/groups/edit/g1');
    expect(screen.getByRole('heading', { name: 'Editar grupo' })).toBeInTheDocument();
    const name = await screen.findByDisplayValue('Vendas');
    await user.clear(name);
    await user.type(name, 'Vendas Sul');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('O grupo foi salvo com sucesso!');
    expect(api.callsTo('PUT', '/api/v1/groups/g1')[0]?.body).toEqual({ name: 'Vendas Sul' });
  });

  it('shows the server message after the save error prefix', async () => {
    setup([
      {
        method: 'POST',
        path: '/api/v1/groups',
        reply: apiError(400, 'Já existe um grupo com este nome.'),
      },
    ]);
    const { user, router } = renderApp('/groups/new');
    await user.type(screen.getByLabelText(/Nome do grupo/), 'Vendas');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(
        'Ocorreu um erro ao salvar o grupo: Já existe um grupo com este nome.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups/new');
  });

  it('goes back to /groups on Cancelar', async () => {
    setup();
    const { user, router } = renderApp('/groups/new');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(router.state.location.pathname).toBe('/groups');
  });

  it('asks before Cancelar drops a typed name', async () => {
    setup();
    const { user, router } = renderApp('/groups/new');
    await user.type(screen.getByLabelText(/Nome do grupo/), 'Financeiro');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await keepEditing(user);
    expect(screen.getByLabelText(/Nome do grupo/)).toHaveValue('Financeiro');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await leaveWithoutSaving(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'));
  });
});
