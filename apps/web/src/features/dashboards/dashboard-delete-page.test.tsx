import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { listOf, setup } from './list-test-fixtures';

describe('/dashboards/delete/{id}', () => {
  it('refuses a different name, then removes the dashboard by its exact name', async () => {
    let answer = apiError(500, 'Falha no banco.');
    const api = setup([
      { method: 'GET', path: '/api/v1/dashboards', reply: listOf([]) },
      { method: 'DELETE', path: '/api/v1/dashboards/d1', reply: () => answer },
    ]);
    const { user, router } = renderApp('/dashboards/delete/d1');
    expect(await screen.findByRole('heading', { name: 'Remover dashboard' })).toBeInTheDocument();
    const typed = await screen.findByLabelText('Digite o nome para confirmar');
    expect(screen.getByText(/Esta ação não pode ser desfeita\./)).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Remover o dashboard' });
    await user.type(typed, 'Operação SP');
    await user.click(remove);
    expect(
      await screen.findByText('O nome do dashboard não confere com o nome digitado!'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/dashboards/d1')).toHaveLength(0);

    await user.type(typed, '!');
    await user.click(remove);
    expect(
      await screen.findByText('Erro ao remover Dashboard: Falha no banco.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboards/delete/d1');

    answer = { status: 204 };
    await user.click(remove);
    expect(await screen.findByText('Dashboard removido com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/dashboards/d1')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/dashboards');
  });
});
