import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Flow } from '@ponte/shared/flows.schema';
import { mockFetch, type RecordedCall } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { openEditorRoutes } from '../editor-test-fixtures';
import { FlowEditorPage } from '../flow-editor-page';
import { conflictReply, flowAt1, flowAt2, libraryRoute, version } from './version-test-fixtures';

type Reply = { status?: number; body?: unknown };

/** The editor of 'Pedidos' opened at version 1; `put` answers each save. */
function openEditor(put: (call: RecordedCall, count: number) => Reply) {
  let current: Flow = flowAt1();
  let saves = 0;
  const api = mockFetch([
    libraryRoute,
    ...openEditorRoutes(current).filter((route) => route.path !== '/api/v1/flows/f1'),
    { method: 'GET', path: '/api/v1/flows/f1', reply: () => ({ body: current }) },
    {
      method: 'PUT',
      path: '/api/v1/flows/f1',
      reply: (call) => {
        saves += 1;
        return put(call, saves);
      },
    },
    { method: 'GET', path: '/api/v1/flows/f1/versions/1', reply: { body: version(flowAt1()) } },
    { method: 'GET', path: '/api/v1/flows/f1/versions/2', reply: { body: version(flowAt2()) } },
  ]);
  const view = renderRoutes([{ path: '/flows/:id', element: <FlowEditorPage /> }], '/flows/f1');
  return {
    ...view,
    api,
    /** What the server holds now (Beatriz saved version 2 from another browser). */
    beatrizSaved: () => {
      current = flowAt2();
    },
    saves: () => api.callsTo('PUT', '/api/v1/flows/f1').map((call) => call.body as object),
  };
}

/** The saved flow the PUT answers: the body sent, at `version`. */
const savedAs = (call: RecordedCall, version: number): Reply => ({
  body: { ...flowAt1(), ...(call.body as object), version },
});

const nameInput = () => screen.getByLabelText('Nome do flow');

async function rename(user: ReturnType<typeof openEditor>['user'], name: string) {
  await waitFor(() => expect(nameInput()).toHaveValue('Pedidos'), { timeout: 5000 });
  await user.clear(nameInput());
  await user.type(nameInput(), name);
}

describe("the editor's versions", () => {
  it("saves based on the version it opened, with 'Descreva a alteração' when asked; Ctrl+S without", async () => {
    const { user, saves } = openEditor((call, count) => savedAs(call, count + 1));
    await rename(user, 'Pedidos da loja');

    await user.click(screen.getByRole('button', { name: 'Opções da versão' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Salvar com descrição…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salvar com descrição' });
    expect(within(dialog).getByText('Opcional. Aparece no histórico de versões.')).toBeVisible();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Descreva a alteração' }),
      'Nome com a loja',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      name: 'Pedidos da loja',
      version: 1,
      version_message: 'Nome com a loja',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The next save is based on the version the first one made, and carries no message.
    await user.type(nameInput(), '!');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toMatchObject({ name: 'Pedidos da loja!', version: 2 });
    expect(saves()[1]).not.toHaveProperty('version_message');
  });

  it("keeps mine: confirmed, the draft is saved on top of the other person's version", async () => {
    const { user, saves } = openEditor((call, count) =>
      count === 1 ? conflictReply : savedAs(call, 3),
    );
    await rename(user, 'Pedidos (Ana)');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Alterado por outra pessoa' });
    expect(
      within(dialog).getByText(
        'Este flow foi alterado por Beatriz Souza às 14:05 depois que você o abriu.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Não foi possível salvar/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Manter as minhas' }));
    expect(
      within(dialog).getByText(
        'Salvar as suas alterações por cima da versão 2? A versão da outra pessoa continua no histórico.',
      ),
    ).toBeVisible();
    expect(saves()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar as minhas' }));

    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toMatchObject({ name: 'Pedidos (Ana)', version: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Existem alterações não salvas no fluxo')).not.toBeInTheDocument();
  });

  it("shows the other person's change without leaving the editor, then reloads the current flow", async () => {
    const editor = openEditor(() => conflictReply);
    const { user } = editor;
    await rename(editor.user, 'Pedidos (Ana)');
    editor.beatrizSaved();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterado por outra pessoa' });

    await user.click(within(dialog).getByRole('button', { name: 'Ver as alterações' }));
    const changes = await screen.findByRole('dialog', { name: 'Alterações de Beatriz Souza' });
    const list = await within(changes).findByRole('region', { name: 'Conectores' });
    expect(within(list).getByRole('button', { name: 'Aviso: Alterado' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'HTTP Request: Adicionado' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Manual Trigger: Movido' })).toBeVisible();
    expect(within(changes).getByRole('complementary', { name: 'Alterações' })).toHaveTextContent(
      'De Versão 1 (a que você abriu) para Versão 2 (atual)',
    );
    await user.click(within(changes).getByRole('button', { name: 'Voltar às opções' }));

    // The draft is still in the editor, unsaved.
    expect(nameInput()).toHaveValue('Pedidos (Ana)');
    const options = await screen.findByRole('dialog', { name: 'Alterado por outra pessoa' });
    await user.click(within(options).getByRole('button', { name: 'Recarregar' }));
    expect(
      within(options).getByText(
        'Descartar as suas alterações não salvas e carregar a versão atual? Não é possível desfazer.',
      ),
    ).toBeVisible();
    await user.click(within(options).getByRole('button', { name: 'Descartar e recarregar' }));

    await waitFor(() => expect(nameInput()).toHaveValue('Pedidos'));
    await waitFor(() => expect(document.querySelectorAll('.react-flow__node')).toHaveLength(3));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Existem alterações não salvas no fluxo')).not.toBeInTheDocument();
  });
});
