import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { listOf, pedidos, setup } from './test-fixtures';
import { followSidebarLink, keepEditing, leaveWithoutSaving } from '../../test/leave-question';

const list = { method: 'GET', path: '/api/v1/queues', reply: listOf([pedidos]) };

describe('/queues/new and /queues/edit/{id}', () => {
  it('lists the missing name, then creates the queue and says it was saved', async () => {
    const api = setup([
      list,
      { method: 'POST', path: '/api/v1/queues', reply: { status: 201, body: pedidos } },
    ]);
    const { user, router } = renderApp('/queues/new');
    const rate = await screen.findByLabelText(/Máximo de mensagens por segundo/);
    expect(rate).toHaveValue('1');
    expect(screen.getByText(/0 = sem limite/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const errors = await screen.findByRole('list');
    expect(within(errors).getByRole('listitem')).toHaveTextContent(
      'O campo "Nome da fila" é obrigatório.',
    );
    expect(api.callsTo('POST', '/api/v1/queues')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Nome da fila/), '  Pedidos  ');
    expect(screen.queryByText('O campo "Nome da fila" é obrigatório.')).not.toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '0');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('A file interna foi salva com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/queues')[0]?.body).toEqual({
      name: 'Pedidos',
      group: null,
      max_per_second: 0,
    });
    expect(router.state.location.pathname).toBe('/queues');
  });

  it('says a name is taken, and shows other failures after the spec prefix', async () => {
    let answer = apiError(409, 'Já existe uma file interna com este nome.');
    setup([{ method: 'POST', path: '/api/v1/queues', reply: () => answer }]);
    const { user } = renderApp('/queues/new');
    await user.type(await screen.findByLabelText(/Nome da fila/), 'Pedidos');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Já existe uma file interna com este nome.'),
    ).toBeInTheDocument();

    answer = apiError(500, 'Falha no banco.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Ocorreu um erro ao salvar a file interna: Falha no banco.'),
    ).toBeInTheDocument();
  });

  it('edits a queue: its values filled in, _id sent in the body of the PUT', async () => {
    const api = setup([
      list,
      { method: 'PUT', path: '/api/v1/queues', reply: { body: { ...pedidos, name: 'Novos' } } },
    ]);
    const { user } = renderApp('/queues/edit/q1');
    const name = await screen.findByLabelText(/Nome da fila/);
    expect(name).toHaveValue('Pedidos');
    expect(screen.getByLabelText(/Máximo de mensagens por segundo/)).toHaveValue('5');
    await user.clear(name);
    await user.type(name, 'Novos');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('A file interna foi salva com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/v1/queues')[0]?.body).toEqual({
      _id: 'q1',
      name: 'Novos',
      group: 'g1',
      max_per_second: 5,
      apply_default_values_new_fields: false,
      version: 1,
    });
  });

  it('asks before a sidebar link drops a changed queue', async () => {
    const api = setup([list]);
    const { user, router } = renderApp('/queues/edit/q1');
    const rate = await screen.findByLabelText(/Máximo de mensagens por segundo/);
    await user.clear(rate);
    await user.type(rate, '8');
    await followSidebarLink(user, 'Formulários');
    await keepEditing(user);
    expect(router.state.location.pathname).toBe('/queues/edit/q1');
    expect(screen.getByLabelText(/Máximo de mensagens por segundo/)).toHaveValue('8');
    await followSidebarLink(user, 'Formulários');
    await leaveWithoutSaving(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms'));
    expect(api.callsTo('PUT', '/api/v1/queues')).toHaveLength(0);
  });
});
