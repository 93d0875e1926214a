import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Flow } from '@ponte/shared/flows.schema';
import { messages } from '@ponte/shared/messages';
import { mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { openEditorRoutes, savedFlow } from '../editor-test-fixtures';
import { FlowEditorPage } from '../flow-editor-page';
import { firstDocument, libraryRoute, secondDocument, summary } from './version-test-fixtures';

/** 'Pedidos' at version 3: Beatriz's change, a restore of version 1 by Ana, the first state. */
const page1 = {
  items: [
    summary(3, { message: 'Troca a URL da API de pedidos' }),
    summary(2, {
      author: { id: 'u1', name: 'Ana Souza' },
      message: 'Restaurada da versão 1',
      restored_from: 1,
    }),
    summary(1, { author: null, message: messages.versions.baselineMessage }),
  ],
  total: 23,
  current: 3,
};

function openHistory() {
  let current: Flow = savedFlow(secondDocument(), { version: 3 });
  const restored = savedFlow(firstDocument(), { name: 'Pedidos (v1)', version: 4 });
  const api = mockFetch([
    libraryRoute,
    ...openEditorRoutes(current).filter((route) => route.path !== '/api/v1/flows/f1'),
    { method: 'GET', path: '/api/v1/flows/f1', reply: () => ({ body: current }) },
    {
      method: 'GET',
      path: '/api/v1/flows/f1/versions',
      reply: (call) =>
        call.url.searchParams.get('page') === '2'
          ? { body: { items: [summary(1, { message: 'Mais antiga' })], total: 23, current: 3 } }
          : { body: page1 },
    },
    {
      method: 'POST',
      path: '/api/v1/flows/f1/versions/1/restore',
      reply: () => {
        current = restored;
        return { body: restored };
      },
    },
  ]);
  const view = renderRoutes(
    [
      { path: '/flows/:id', element: <FlowEditorPage /> },
      { path: '/flows/:id/versoes/:number', element: <p>Página da versão</p> },
      { path: '/flows/:id/versoes/:number/comparar', element: <p>Página da comparação</p> },
    ],
    '/flows/f1',
  );
  return { ...view, api };
}

const drawerOf = async (user: ReturnType<typeof openHistory>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Histórico de versões' }));
  return screen.findByRole('dialog', { name: 'Histórico de versões' });
};

const item = (drawer: HTMLElement, number: number) =>
  within(drawer).getByRole('listitem', { name: `Versão ${number}` });

describe("'Histórico de versões' in the editor", () => {
  it('lists the versions with author, date, message and the current one, page by page', async () => {
    const { user, api } = openHistory();
    const drawer = await drawerOf(user);
    await within(drawer).findByText('Troca a URL da API de pedidos');

    const third = item(drawer, 3);
    expect(within(third).getByText('Atual')).toBeVisible();
    expect(within(third).getByText('Beatriz Souza')).toBeVisible();
    expect(within(third).getByText('13/03/2026 14:05')).toBeVisible();
    expect(within(third).queryByRole('button', { name: /Restaurar/ })).not.toBeInTheDocument();

    // A restore's own message is said once.
    const second = item(drawer, 2);
    expect(within(second).getAllByText('Restaurada da versão 1')).toHaveLength(1);
    expect(within(second).queryByText('Atual')).not.toBeInTheDocument();
    expect(within(item(drawer, 1)).getByText('—')).toBeVisible();
    expect(within(item(drawer, 1)).getByText(messages.versions.baselineMessage)).toBeVisible();

    // 23 versions: a second page.
    expect(within(drawer).getByText('Total: 23')).toBeVisible();
    await user.click(within(drawer).getByRole('button', { name: '2' }));
    expect(await within(drawer).findByText('Mais antiga')).toBeVisible();
    expect(
      api.calls.some(
        (call) => call.path.endsWith('/versions') && call.url.search === '?page=2&limit=20',
      ),
    ).toBe(true);
  });

  it("'Abrir' and 'Comparar' go to the version's pages; the current one compares with the one before", async () => {
    const { user, router } = openHistory();
    let drawer = await drawerOf(user);
    await within(drawer).findByText('Troca a URL da API de pedidos');
    await user.click(within(item(drawer, 2)).getByRole('button', { name: 'Abrir a versão 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows/f1/versoes/2'));

    await router.navigate('/flows/f1');
    drawer = await drawerOf(user);
    await within(drawer).findByText('Troca a URL da API de pedidos');
    await user.click(
      within(item(drawer, 2)).getByRole('button', { name: 'Comparar a versão 2 com a atual' }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/flows/f1/versoes/2/comparar'),
    );
    expect(router.state.location.search).toBe('');

    await router.navigate('/flows/f1');
    drawer = await drawerOf(user);
    await within(drawer).findByText('Troca a URL da API de pedidos');
    await user.click(
      within(item(drawer, 3)).getByRole('button', { name: 'Comparar a versão 3 com a anterior' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?com=3'));
    expect(router.state.location.pathname).toBe('/flows/f1/versoes/2/comparar');
  });

  it('asks before restoring over unsaved changes, then shows the restored version in the editor', async () => {
    const { user, api } = openHistory();
    const name = await screen.findByLabelText('Nome do flow', {}, { timeout: 5000 });
    await user.type(name, ' (rascunho)');

    const drawer = await drawerOf(user);
    await within(drawer).findByText('Troca a URL da API de pedidos');
    await user.click(within(item(drawer, 1)).getByRole('button', { name: 'Restaurar a versão 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restaurar a versão 1?' });
    expect(
      within(confirm).getByText(
        'A versão 1 vira a atual como uma versão nova (versão 4). Nenhuma versão é apagada.',
      ),
    ).toBeVisible();
    expect(
      within(confirm).getByText('As alterações não salvas no editor serão descartadas.'),
    ).toBeVisible();
    expect(api.callsTo('POST', '/api/v1/flows/f1/versions/1/restore')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Descartar e restaurar' }));

    await waitFor(() => expect(screen.getByLabelText('Nome do flow')).toHaveValue('Pedidos (v1)'));
    expect(api.callsTo('POST', '/api/v1/flows/f1/versions/1/restore')[0]!.body).toEqual({
      version: 3,
    });
    expect(await screen.findByText('Versão 1 restaurada como versão 4.')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: /Restaurar/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Existem alterações não salvas no fluxo')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.react-flow__node')).toHaveLength(2);
  });
});
