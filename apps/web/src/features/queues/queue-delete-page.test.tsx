import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { listOf, setup } from './test-fixtures';

describe('/queues/delete/{id}', () => {
  it('warns, refuses a different name, then removes the queue by its exact name', async () => {
    let answer = apiError(500, 'Falha no banco.');
    const api = setup([
      { method: 'GET', path: '/api/v1/queues', reply: listOf([]) },
      { method: 'DELETE', path: '/api/v1/queues', reply: () => answer },
    ]);
    const { user, router } = renderApp('/queues/delete/q1');
    expect(
      await screen.findByText(/Todos os jobs pendentes da fila também serão removidos/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Esta ação não pode ser desfeita/)).toBeInTheDocument();

    const typed = screen.getByLabelText('Digite o nome para confirmar');
    await user.type(typed, 'Pedido');
    await user.click(screen.getByRole('button', { name: 'Remover a fila' }));
    expect(
      await screen.findByText('O nome da fila não confere com o nome digitado!'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/queues')).toHaveLength(0);

    await user.type(typed, 's');
    await user.click(screen.getByRole('button', { name: 'Remover a fila' }));
    expect(await screen.findByText('Erro ao remover a fila: Falha no banco.')).toBeInTheDocument();

    answer = { status: 204 };
    await user.click(screen.getByRole('button', { name: 'Remover a fila' }));
    expect(await screen.findByText('A fila foi removida com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/queues').at(-1)?.body).toEqual({ _id: 'q1' });
    expect(router.state.location.pathname).toBe('/queues');
  });
});
