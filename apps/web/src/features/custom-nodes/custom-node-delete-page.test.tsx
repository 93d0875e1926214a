import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { nodeLibraryQueryKey } from '../../lib/engine/get-node-library';
import { apiError } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { listOf, setup } from './test-fixtures';

describe('/custom-nodes/delete/{id}', () => {
  it('refuses a different name, then removes the connector by its exact name', async () => {
    let answer = apiError(500, 'Falha no banco.');
    const api = setup([
      { method: 'GET', path: '/api/v1/custom-nodes', reply: listOf([]) },
      { method: 'DELETE', path: '/api/v1/custom-nodes/cn1', reply: () => answer },
    ]);
    const { user, router, queryClient } = renderApp('/custom-nodes/delete/cn1');
    queryClient.setQueryData(nodeLibraryQueryKey, { nodes: [], olderVersions: [] });
    expect(await screen.findByRole('heading', { name: 'Remover conector' })).toBeInTheDocument();
    const typed = await screen.findByLabelText('Digite o nome para confirmar');
    const remove = screen.getByRole('button', { name: 'Remover o conector' });
    await user.type(typed, 'Consulta CE');
    await user.click(remove);
    expect(
      await screen.findByText('O nome do conector não confere com o nome digitado!'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/custom-nodes/cn1')).toHaveLength(0);

    await user.type(typed, 'P');
    await user.click(remove);
    expect(
      await screen.findByText('Erro ao remover conector: Falha no banco.'),
    ).toBeInTheDocument();

    answer = { status: 204 };
    await user.click(remove);
    expect(await screen.findByText('Conector removido com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v1/custom-nodes/cn1')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/custom-nodes');
    expect(queryClient.getQueryState(nodeLibraryQueryKey)?.isInvalidated).toBe(true);
  });
});
