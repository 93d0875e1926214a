import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CustomNode } from '@ponte/shared/custom-nodes.schema';
import { renderApp } from '../../test/render';
import { versionConflict, versionRoutes, versionSummary } from '../../test/version-fixtures';
import { cepHandler, consultaCep, setup } from './test-fixtures';

vi.mock('./custom-node-functions-tab', async () => ({
  CustomNodeFunctionsTab: (await import('./test-fixtures')).FakeFunctionsTab,
}));

const oldHandler = `async function handler(msg, params) {
  const cep = params.cep.replace('-', '');
  return { ...msg, payload: { cep } };
}
`;

/** A connector's version holds what its editor edits, in the words of its update body. */
const documentOf = (node: CustomNode, handler = node.code_execution_content) => ({
  name: node.name,
  service_name: node.service_name,
  description: node.description,
  enabled: node.enabled,
  imageData: node.imageData,
  execution_type: node.execution_type,
  code_execution_content: handler,
  params: node.params,
  group: node.group,
});
const v2 = { ...consultaCep, params: [{ ...consultaCep.params[0]!, label: 'CEP de origem' }] };

function setupVersions(stored: { node: CustomNode }, extra: Parameters<typeof setup>[0] = []) {
  return setup([
    ...extra,
    { method: 'GET', path: '/api/v1/custom-nodes/cn1', reply: () => ({ body: stored.node }) },
    ...versionRoutes('/api/v1/custom-nodes/cn1', {
      current: 5,
      summaries: [5, 4, 3].map((n) => versionSummary(n)),
      documents: {
        5: documentOf(consultaCep),
        4: documentOf(v2, oldHandler),
        6: documentOf(consultaCep, `${cepHandler}// revisado\n`),
      },
    }),
  ]);
}

const openHistory = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Histórico de versões' }));
  return screen.findByRole('dialog', { name: 'Histórico de versões' });
};

describe('/custom-nodes/{id}: versions', () => {
  it("compares a version's params and handler with the current, the handler line by line", async () => {
    setupVersions({ node: consultaCep });
    const { user } = renderApp('/custom-nodes/cn1');
    const drawer = await openHistory(user);
    expect(await within(drawer).findByRole('listitem', { name: 'Versão 5' })).toHaveTextContent(
      'Atual',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Comparar a versão 4' }));
    const modal = await screen.findByRole('dialog', { name: 'Comparar a versão 4 com a atual' });
    const changes = await within(modal).findByRole('list', { name: 'Alterações' });
    expect(within(changes).getByText('Parâmetro 1 › Label')).toBeInTheDocument();
    expect(within(changes).getByText('CEP de origem')).toBeInTheDocument();
    expect(within(changes).getByText('Código do handler')).toBeInTheDocument();
    const lines = within(changes).getByLabelText('Alterações linha a linha');
    const marked = [...lines.querySelectorAll('[data-line]')].map((line) => [
      line.getAttribute('data-line'),
      line.textContent,
    ]);
    expect(marked).toEqual([
      ['same', '  async function handler(msg, params) {'],
      ['removed', "-   const cep = params.cep.replace('-', '');"],
      ['removed', '-   return { ...msg, payload: { cep } };'],
      ['added', '+   return { ...msg, payload: { cep: params.cep } };'],
      ['same', '  }'],
      ['same', '  '],
    ]);
  });

  it('restores a version, and the editor shows its handler and new version', async () => {
    const stored = { node: consultaCep };
    const api = setupVersions(stored, [
      {
        method: 'POST',
        path: '/api/v1/custom-nodes/cn1/versions/4/restore',
        reply: () => {
          stored.node = { ...v2, code_execution_content: oldHandler, version: 4, revision: 6 };
          return { body: stored.node };
        },
      },
    ]);
    const { user } = renderApp('/custom-nodes/cn1');
    // The page names its code's version (docs/adr/0041); the history numbers every save.
    expect(await screen.findByText('Versão 3')).toBeInTheDocument();
    const drawer = await openHistory(user);
    await user.click(await within(drawer).findByRole('button', { name: 'Restaurar a versão 4' }));
    // Nothing unsaved: the only question is the restore's.
    const confirm = await screen.findByRole('dialog', { name: 'Restaurar a versão 4?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restaurar' }));
    expect(await screen.findByText('Versão 4 restaurada.')).toBeInTheDocument();
    expect(await screen.findByText('Versão 4')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Funções' }));
    expect(screen.getByLabelText('Código do handler')).toHaveValue(oldHandler);
    expect(api.callsTo('POST', '/api/v1/custom-nodes/cn1/versions/4/restore')[0]?.body).toEqual({
      version: 5,
    });
  });

  it('on a conflict shows what changed since the version loaded, and keeps mine over it', async () => {
    const message = 'Este conector foi alterado por João Lima às 14:05 depois que você o abriu.';
    let puts = 0;
    const api = setupVersions({ node: consultaCep }, [
      {
        method: 'PUT',
        path: '/api/v1/custom-nodes/cn1',
        reply: () => {
          puts += 1;
          return puts === 1
            ? versionConflict(6, message)
            : { body: { ...consultaCep, revision: 7 } };
        },
      },
    ]);
    const { user } = renderApp('/custom-nodes/cn1');
    await screen.findByText('Versão 3');
    await user.type(screen.getByRole('textbox', { name: /^Nome(?! do)/ }), ' 2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const conflict = await screen.findByRole('dialog', { name: 'Alterado por outra pessoa' });
    expect(conflict).toHaveTextContent(message);
    expect(conflict).toHaveTextContent('A versão atual é a 6.');
    expect(api.callsTo('PUT', '/api/v1/custom-nodes/cn1')[0]?.body).toMatchObject({ revision: 5 });
    await user.click(within(conflict).getByRole('button', { name: 'Ver as alterações' }));
    const compare = await screen.findByRole('dialog', {
      name: 'O que mudou da versão 5 para a versão 6',
    });
    const lines = await within(compare).findByLabelText('Alterações linha a linha');
    expect(lines).toHaveTextContent('+ // revisado');
    await user.click(within(compare).getByRole('button', { name: 'Fechar' }));

    await user.click(within(conflict).getByRole('button', { name: 'Manter as minhas' }));
    const keep = await screen.findByRole('dialog', { name: 'Manter as suas alterações?' });
    // 'Voltar' goes back to the choice, nothing sent.
    await user.click(within(keep).getByRole('button', { name: 'Voltar' }));
    expect(api.callsTo('PUT', '/api/v1/custom-nodes/cn1')).toHaveLength(1);
    await user.click(within(conflict).getByRole('button', { name: 'Manter as minhas' }));
    await user.click(within(conflict).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Conector salvo com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/custom-nodes/cn1')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/v1/custom-nodes/cn1')[1]?.body).toMatchObject({
      name: 'Consulta CEP 2',
      revision: 6,
    });
  });
});
