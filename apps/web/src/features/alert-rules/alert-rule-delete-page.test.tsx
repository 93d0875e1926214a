import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { listOf, setup } from './list-test-fixtures';

describe('/alert-rules/delete/{id}', () => {
  it('refuses a different name, then removes the rule by its exact name', async () => {
    let answer = apiError(500, 'Falha no banco.');
    const api = setup([
      { method: 'GET', path: '/api/v1/alert-rules', reply: listOf([]) },
      { method: 'DELETE', path: '/api/v1/alert-rules/r1', reply: () => answer },
    ]);
    const { user, router } = renderApp('/alert-rules/delete/r1');
    expect(
      await screen.findByRole('heading', { name: 'Remover regra de alerta' }),
    ).toBeInTheDocument();
    const typed = await screen.findByLabelText('Digite o nome para confirmar');
    expect(screen.getByText(/Esta ação não pode ser desfeita\./)).toHaveTextContent(
      'Os avisos desta regra que ainda estão na fila de envio também serão removidos.',
    );
    const remove = screen.getByRole('button', { name: 'Remover a regra de alerta' });
    await user.type(typed, 'Erros de pedido');
    await user.click(remove);
    expect(
      await screen.findByText('O nome da regra de alerta não confere com o nome digitado!'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/alert-rules/r1')).toHaveLength(0);

    await user.type(typed, 's');
    await user.click(remove);
    expect(
      await screen.findByText('Erro ao remover a regra de alerta: Falha no banco.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/alert-rules/delete/r1');

    answer = { status: 204 };
    await user.click(remove);
    expect(
      await screen.findByText('A regra de alerta foi removida com sucesso!'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/alert-rules/r1')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/alert-rules');
  });

  it('says so when the rule does not exist, and offers the way back', async () => {
    setup([
      {
        method: 'GET',
        path: '/api/v1/alert-rules/r404',
        reply: apiError(404, 'Regra de alerta não encontrada.'),
      },
    ]);
    renderApp('/alert-rules/delete/r404');
    expect(await screen.findByText('Regra de alerta não encontrada.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar e voltar' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Digite o nome para confirmar')).not.toBeInTheDocument();
  });
});
