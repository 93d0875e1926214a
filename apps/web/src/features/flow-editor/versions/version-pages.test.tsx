import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { savedFlow } from '../editor-test-fixtures';
import { VersionComparePage } from './version-compare-page';
import { VersionViewPage } from './version-view-page';
import { firstDocument, flowAt1, flowAt2, libraryRoute, version } from './version-test-fixtures';

/** 'Pedidos' now at version 3 (version 2's document); versions 1 and 2 readable. */
function open(path: string) {
  const now = { ...flowAt2(), version: 3 };
  const restored = savedFlow(firstDocument(), { version: 4 });
  const api = mockFetch([
    libraryRoute,
    { method: 'GET', path: '/api/v1/flows/f1', reply: { body: now } },
    {
      method: 'GET',
      path: '/api/v1/flows/f1/versions/1',
      reply: { body: version(flowAt1(), { author: { id: 'u1', name: 'Ana Souza' } }) },
    },
    { method: 'GET', path: '/api/v1/flows/f1/versions/2', reply: { body: version(flowAt2()) } },
    {
      method: 'POST',
      path: '/api/v1/flows/f1/versions/1/restore',
      reply: { body: restored },
    },
  ]);
  const view = renderRoutes(
    [
      { path: '/flows/:id', element: <p>Editor do flow</p> },
      { path: '/flows/:id/versoes/:number', element: <VersionViewPage /> },
      { path: '/flows/:id/versoes/:number/comparar', element: <VersionComparePage /> },
    ],
    path,
  );
  return { ...view, api };
}

const changesList = () => screen.findByRole('complementary', { name: 'Alterações' });

describe('the comparison of two versions', () => {
  it('lists what changed, in colours on the canvas too', async () => {
    open('/flows/f1/versoes/1/comparar');
    const aside = await changesList();
    expect(aside).toHaveTextContent('De Versão 1 para Versão 3 (atual)');
    const nodes = await within(aside).findByRole('region', { name: 'Conectores' });
    expect(within(nodes).getByRole('button', { name: 'Aviso: Alterado' })).toHaveTextContent(
      'Log · 1 campo alterado',
    );
    expect(within(nodes).getByRole('button', { name: 'HTTP Request: Adicionado' })).toBeVisible();
    expect(within(nodes).getByRole('button', { name: 'Manual Trigger: Movido' })).toBeVisible();

    const edges = within(aside).getByRole('region', { name: 'Conexões' });
    expect(within(edges).getByRole('listitem')).toHaveTextContent(
      'Aviso (Saída) → HTTP RequestAdicionado',
    );
    const variables = within(aside).getByRole('region', { name: 'Variáveis' });
    expect(within(variables).getByRole('listitem')).toHaveTextContent('api_urlAdicionado');
    const options = within(aside).getByRole('region', { name: 'Opções do flow' });
    expect(within(options).getByRole('listitem')).toHaveTextContent(
      /^Limite de execuções simultâneasAlterado0\s*5$/,
    );

    // The canvas: the newer version, each node in the colour of its change.
    await waitFor(() => expect(document.querySelectorAll('.react-flow__node')).toHaveLength(3));
    expect(screen.getByTestId('node-log-1')).toHaveAttribute('data-diff', 'changed');
    expect(screen.getByTestId('node-http-1')).toHaveAttribute('data-diff', 'added');
    expect(screen.getByTestId('node-trigger')).toHaveAttribute('data-diff', 'moved');
  });

  it('shows a changed node side by side, the change highlighted', async () => {
    const { user } = open('/flows/f1/versoes/1/comparar');
    const aside = await changesList();
    await user.click(await within(aside).findByRole('button', { name: 'Aviso: Alterado' }));
    const detail = within(aside).getByLabelText('Alterações do conector');
    expect(within(detail).getByRole('heading', { name: 'Aviso' })).toBeVisible();
    const before = within(detail).getAllByLabelText('Versão 1');
    const after = within(detail).getAllByLabelText('Versão 3 (atual)');
    // 'Nome do conector' then 'Mensagem'.
    expect(before.map((cell) => cell.textContent)).toEqual(['Aviso', 'Olá']);
    expect(after.map((cell) => cell.textContent)).toEqual(['Aviso', 'Olá, {{ msg.nome }}']);
    expect(before[0]).not.toHaveAttribute('data-changed');
    expect(before[1]).toHaveAttribute('data-changed');
    expect(after[1]).toHaveAttribute('data-changed');
    expect(within(detail).getByText('Mensagem')).toHaveTextContent('Mensagem · alterado');

    await user.click(within(detail).getByRole('button', { name: 'Todas as alterações' }));
    expect(within(aside).getByRole('region', { name: 'Conectores' })).toBeVisible();
  });

  it('compares with another version than the current one with ?com=', async () => {
    const { api } = open('/flows/f1/versoes/2/comparar?com=1');
    const aside = await changesList();
    expect(aside).toHaveTextContent('De Versão 2 para Versão 1');
    const nodes = await within(aside).findByRole('region', { name: 'Conectores' });
    // Going back from 2 to 1 the HTTP Request is gone: drawn as a ghost of itself.
    expect(within(nodes).getByRole('button', { name: 'HTTP Request: Removido' })).toBeVisible();
    expect(await screen.findByTestId('node-http-1')).toHaveAttribute('data-diff', 'removed');
    expect(api.callsTo('GET', '/api/v1/flows/f1/versions/1')).toHaveLength(1);
  });
});

describe('a version, read-only', () => {
  it('heads the page with the version, date and author; restores it after a confirmation', async () => {
    const { user, router, api } = open('/flows/f1/versoes/1');
    expect(
      await screen.findByRole('heading', {
        name: 'Versão 1 · 11/03/2026 14:05 · Ana Souza — somente leitura',
      }),
    ).toBeVisible();
    await waitFor(() => expect(document.querySelectorAll('.react-flow__node')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Restaurar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restaurar a versão 1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restaurar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows/f1'));
    expect(api.callsTo('POST', '/api/v1/flows/f1/versions/1/restore')[0]!.body).toEqual({
      version: 3,
    });
    expect(await screen.findByText('Versão 1 restaurada como versão 4.')).toBeVisible();
  });

  it('goes to the comparison with the current one and back to the editor', async () => {
    const { user, router } = open('/flows/f1/versoes/1');
    await user.click(await screen.findByRole('button', { name: 'Comparar com a atual' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/flows/f1/versoes/1/comparar'),
    );
    await user.click(await screen.findByRole('button', { name: 'Voltar ao editor' }));
    expect(await screen.findByText('Editor do flow')).toBeVisible();
  });

  it('offers neither comparison nor restore on the current version', async () => {
    mockFetch([
      libraryRoute,
      { method: 'GET', path: '/api/v1/flows/f1', reply: { body: flowAt2() } },
      { method: 'GET', path: '/api/v1/flows/f1/versions/2', reply: { body: version(flowAt2()) } },
    ]);
    renderRoutes(
      [{ path: '/flows/:id/versoes/:number', element: <VersionViewPage /> }],
      '/flows/f1/versoes/2',
    );
    expect(await screen.findByRole('heading', { name: /^Versão 2 · / })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Voltar ao editor' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Restaurar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comparar com a atual' })).not.toBeInTheDocument();
  });
});
