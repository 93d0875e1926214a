import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { listOf, pedidos, setup } from './test-fixtures';

const many = (count: number) =>
  Array.from({ length: Math.min(count, 10) }, (_, i) => ({
    ...pedidos,
    _id: `q${i + 1}`,
    name: `Fila ${i + 1}`,
  }));

describe('/queues', () => {
  it('lists a page of 10 of the selected group, with its columns and actions', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const api = setup([{ method: 'GET', path: '/api/v1/queues', reply: listOf([pedidos], 25) }]);
    renderApp('/queues?page=2&query=ped');

    const table = await screen.findByRole('table', { name: 'Filas internas' });
    expect(api.callsTo('GET', '/api/v1/queues')[0]?.url.search).toBe(
      '?page=2&size=10&query=ped&group=g1',
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Nome', 'Status', 'Grupo', 'Criação', 'Atualização', 'Ações']);
    const row = within(table).getByRole('row', { name: /Pedidos/ });
    expect(within(row).getByText('Em execução')).toBeInTheDocument();
    expect(await within(row).findByText('Vendas')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Visualizar' })).toHaveAttribute(
      'href',
      '/queues/view/q1',
    );
    expect(within(row).getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/queues/edit/q1',
    );
    expect(within(row).getByRole('link', { name: 'Remover' })).toHaveAttribute(
      'href',
      '/queues/delete/q1',
    );
    expect(within(row).queryByRole('button', { name: 'Iniciar' })).not.toBeInTheDocument();
  });

  it('pauses a running queue and starts a paused one, reloading the list after each', async () => {
    let status: 'running' | 'paused' = 'running';
    const api = setup([
      {
        method: 'GET',
        path: '/api/v1/queues',
        reply: () => listOf([{ ...pedidos, status }]),
      },
      {
        method: 'POST',
        path: '/api/v1/queues/control/pause/q1',
        reply: () => ((status = 'paused'), { body: { ...pedidos, status } }),
      },
      {
        method: 'POST',
        path: '/api/v1/queues/control/resume/q1',
        reply: () => ((status = 'running'), { body: { ...pedidos, status } }),
      },
    ]);
    const { user } = renderApp('/queues');
    const table = await screen.findByRole('table', { name: 'Filas internas' });

    await user.click(within(table).getByRole('button', { name: 'Pausar' }));
    expect(await within(table).findByText('Pausada')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/queues/control/pause/q1')).toHaveLength(1);

    await user.click(within(table).getByRole('button', { name: 'Iniciar' }));
    expect(await within(table).findByText('Em execução')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/queues/control/resume/q1')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/v1/queues').length).toBeGreaterThanOrEqual(3);
  });

  it('shows the pages only when there are more than 10 queues', async () => {
    let total = 10;
    setup([{ method: 'GET', path: '/api/v1/queues', reply: () => listOf(many(total), total) }]);
    const first = renderApp('/queues');
    await screen.findByRole('row', { name: /Fila 10/ });
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
    first.unmount();

    total = 11;
    renderApp('/queues');
    expect(await screen.findByRole('button', { name: '2' })).toBeInTheDocument();
  });

  it('says when there is no queue yet, and when the search finds none', async () => {
    setup([{ method: 'GET', path: '/api/v1/queues', reply: listOf([]) }]);
    const first = renderApp('/queues');
    expect(await screen.findByText('Nenhuma fila criada ainda.')).toBeInTheDocument();
    first.unmount();

    renderApp('/queues?query=nada');
    expect(await screen.findByText('Nenhuma fila encontrada para esta busca.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Nenhuma fila criada ainda.')).not.toBeInTheDocument(),
    );
  });
});
