import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { Flow } from '@ponte/shared/flows.schema';
import { lookup } from '@ponte/shared/flow/flow-test-fixtures';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { openEditorRoutes, savedFlow, testManifest, triggerAndLog } from './editor-test-fixtures';
import { FlowEditorPage } from './flow-editor-page';

/** Manual Trigger, Log and a request the agent may call: its URL filled by the model. */
const doc: FlowDocument = {
  ...triggerAndLog({ connected: true }),
  nodes: [
    ...triggerAndLog().nodes,
    {
      uid: 'pedido',
      type: 'core_http_request',
      typeVersion: 1,
      position: { x: 300, y: 200 },
      params: { url: 'https://api.exemplo.com.br/pedidos/1', method: 'GET' },
    },
  ],
};

function setup(start: FlowDocument = doc) {
  const flow = savedFlow(start);
  const routes = openEditorRoutes(flow).map((route) =>
    route.path === '/engine/library'
      ? {
          ...route,
          reply: {
            body: {
              nodes: [
                testManifest('core_manual_trigger', {
                  category: 'trigger',
                  label: 'Manual Trigger',
                }),
                testManifest('core_log', { label: 'Log' }),
                lookup('core_http_request')!,
              ],
            },
          },
        }
      : route,
  );
  const api = mockFetch([
    ...routes,
    { method: 'PUT', path: '/api/v1/flows/f1', reply: { body: flow } },
  ]);
  const view = renderWithProviders(<FlowEditorPage />, {
    path: '/flows/f1',
    pattern: '/flows/:id',
  });
  return { api, ...view };
}

describe("'Ferramenta do agente' in the editor", () => {
  it('marks a node as a tool: description and params in the saved document, a badge on the canvas', async () => {
    const { api, user } = setup();
    const card = await screen.findByTestId('node-pedido');
    expect(within(card).queryByLabelText('Ferramenta do agente')).toBeNull();
    fireEvent.click(card);
    const panel = await screen.findByRole('complementary', { name: 'Configuração do conector' });

    await user.click(
      within(panel).getByRole('switch', { name: /^Usar como ferramenta do agente/ }),
    );
    // An empty description is an error, in the field and among the node's problems.
    const description = within(panel).getByRole('textbox', { name: /^Descrição para o modelo/ });
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByText('Descreva o que a ferramenta faz.')).toBeInTheDocument();
    expect(within(panel).getByText(/precisa da "Descrição para o modelo"/)).toBeInTheDocument();
    expect(within(card).getByLabelText('Erro no conector')).toBeInTheDocument();

    await user.type(description, 'Consulta um pedido pelo endereço.');
    expect(description).not.toHaveAttribute('aria-invalid');
    expect(within(panel).queryByText('Problemas neste conector')).toBeNull();
    await user.click(within(panel).getByRole('checkbox', { name: 'URL' }));
    // The model fills the URL: its field is no longer edited here.
    const url = within(panel).getByRole('textbox', { name: 'URL' });
    expect(url).toBeDisabled();
    expect(url).toHaveAccessibleDescription('Preenchido pelo agente');
    expect(within(panel).getByRole('checkbox', { name: 'Método' })).not.toBeChecked();
    // React Flow hides its nodes from roles until measured (jsdom measures none): by label.
    expect(within(card).getByLabelText('Ferramenta do agente')).toBeInTheDocument();
    expect(within(card).queryByLabelText('Erro no conector')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/flows/f1')).toHaveLength(1));
    const saved = (api.callsTo('PUT', '/api/v1/flows/f1')[0]!.body as Flow).data!;
    expect(saved.nodes.find((node) => node.uid === 'pedido')).toEqual({
      ...doc.nodes[2],
      agentTool: { description: 'Consulta um pedido pelo endereço.', params: ['url'] },
    });

    // One undo takes the URL back from the model; the field is the person's again.
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(within(panel).getByRole('checkbox', { name: 'URL' })).not.toBeChecked();
    expect(within(panel).getByRole('textbox', { name: /^URL/ })).toHaveValue(
      'https://api.exemplo.com.br/pedidos/1',
    );
  });

  it("'Requer aprovação' writes approval: true, shows on the canvas, and is removed when unchecked", async () => {
    const tool = { description: 'Consulta um pedido.', params: ['url'] };
    const marked = {
      ...doc,
      nodes: doc.nodes.map((node) => (node.uid === 'pedido' ? { ...node, agentTool: tool } : node)),
    };
    const { api, user } = setup(marked);
    const card = await screen.findByTestId('node-pedido');
    expect(within(card).getByLabelText('Ferramenta do agente')).toBeInTheDocument();
    fireEvent.click(card);
    const panel = await screen.findByRole('complementary', { name: 'Configuração do conector' });
    const approval = within(panel).getByRole('checkbox', { name: 'Requer aprovação' });
    expect(approval).not.toBeChecked();
    expect(approval).toHaveAccessibleDescription(
      /Cada chamada espera uma pessoa aprovar ou rejeitar/,
    );
    expect(screen.queryByText('Existem alterações não salvas no fluxo')).toBeNull();

    await user.click(approval);
    expect(approval).toBeChecked();
    expect(screen.getByText('Existem alterações não salvas no fluxo')).toBeInTheDocument();
    expect(
      within(card).getByLabelText('Ferramenta do agente: requer aprovação'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/flows/f1')).toHaveLength(1));
    const savedNode = (call: number) =>
      (api.callsTo('PUT', '/api/v1/flows/f1')[call]!.body as Flow).data!.nodes.find(
        (node) => node.uid === 'pedido',
      );
    expect(savedNode(0)?.agentTool).toEqual({ ...tool, approval: true });

    await user.click(approval);
    expect(within(card).getByLabelText('Ferramenta do agente')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/flows/f1')).toHaveLength(2));
    // Unchecked: the field is gone, not `false`.
    expect(savedNode(1)?.agentTool).toStrictEqual(tool);
  });

  it('offers no marking on a trigger', async () => {
    setup();
    fireEvent.click(await screen.findByTestId('node-trigger'));
    const panel = await screen.findByRole('complementary', { name: 'Configuração do conector' });
    expect(within(panel).queryByRole('switch', { name: /ferramenta do agente/ })).toBeNull();
  });
});
