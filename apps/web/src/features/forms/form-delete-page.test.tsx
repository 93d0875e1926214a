import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { listOf, setup } from './test-fixtures';

describe('/forms/delete/{id}', () => {
  it('refuses a different name, then removes the form by its exact name', async () => {
    let answer = apiError(500, 'Falha no banco.');
    const api = setup([
      { method: 'GET', path: '/api/v1/forms', reply: listOf([]) },
      { method: 'DELETE', path: '/api/v1/forms/fm1', reply: () => answer },
    ]);
    const { user, router } = renderApp('/forms/delete/fm1');
    const typed = await screen.findByLabelText('Digite o nome para confirmar');
    const remove = screen.getByRole('button', { name: /Remover o formulário/ });
    await user.type(typed, 'Cadastro de Cliente');
    await user.click(remove);
    expect(
      await screen.findByText('O nome do form não confere com o nome digitado!'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/forms/fm1')).toHaveLength(0);

    await user.type(typed, 's');
    await user.click(remove);
    expect(await screen.findByText('Erro ao remover Form: Falha no banco.')).toBeInTheDocument();

    answer = { status: 204 };
    await user.click(remove);
    expect(await screen.findByText('Form removido com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/forms/fm1')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/forms');
  });
});
