import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@ponte/shared/messages';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import type { Flow } from '@ponte/shared/flows.schema';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { savedFlow, testManifest, triggerAndLog } from './editor-test-fixtures';
import { FlowEditorPage } from './flow-editor-page';

const image = 'data:image/png;base64,iVBORw0KGgo=';

const cep = (version: number, params: NodeManifest['params']): NodeManifest =>
  testManifest('custom_c1', {
    version,
    label: 'Consulta CEP',
    icon: 'puzzle',
    params,
    custom: { id: 'c1', image, service_name: 'viacep' },
  });

const library = {
  nodes: [
    testManifest('core_manual_trigger', { label: 'Manual Trigger', category: 'trigger' }),
    testManifest('core_log', { label: 'Log' }),
    cep(2, {
      cep: { type: 'text', label: 'CEP' },
      formato: {
        type: 'select',
        label: 'Formato',
        options: [
          { label: 'Curto', value: 'curto' },
          { label: 'Longo', value: 'longo' },
        ],
        default: 'longo',
      },
    }),
    testManifest('custom_c2', {
      label: 'Consulta CNPJ',
      icon: 'puzzle',
      custom: { id: 'c2' },
      available: false,
      unavailableReason: messages.customNodes.connectorDisabled('Consulta CNPJ'),
    }),
  ],
  olderVersions: [
    cep(1, { cep: { type: 'text', label: 'CEP' }, antigo: { type: 'text', label: 'Antigo' } }),
  ],
};

function flowWith(nodes: { uid: string; type: string; params?: Record<string, unknown> }[]): Flow {
  const doc = triggerAndLog({ connected: true });
  return savedFlow(
    {
      ...doc,
      nodes: [
        ...doc.nodes,
        ...nodes.map((node, index) => ({
          uid: node.uid,
          type: node.type,
          typeVersion: 1,
          position: { x: 300, y: 200 + index * 150 },
          params: node.params ?? {},
        })),
      ],
    },
    { enabled: false },
  );
}

function setup(flow: Flow) {
  const api = mockFetch([
    { method: 'GET', path: '/api/v1/flows/f1', reply: { body: flow } },
    { method: 'PUT', path: '/api/v1/flows/f1', reply: { body: flow } },
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
    { method: 'GET', path: '/engine/library', reply: { body: library } },
  ]);
  return {
    api,
    ...renderWithProviders(<FlowEditorPage />, {
      path: '/flows/f1',
      pattern: '/flows/:id',
      extraPaths: ['/flows'],
    }),
  };
}

describe('custom connectors in the flow editor', () => {
  it('updates a node pinned to an older version: kept, new and dropped params, saved', async () => {
    const { api, user } = setup(
      flowWith([{ uid: 'cep-1', type: 'custom_c1', params: { cep: '01001000', antigo: 'x' } }]),
    );
    const node = await screen.findByTestId('node-cep-1');
    // The canvas draws the connector's image and marks the older version; Log has no marker.
    await waitFor(() =>
      expect(node.querySelector('img[data-connector-image]')).toHaveAttribute('src', image),
    );
    expect(within(node).getByText('nova versão')).toBeInTheDocument();
    expect(screen.queryByTestId('newer-version-log-1')).toBeNull();

    fireEvent.click(node);
    const panel = await screen.findByRole('complementary', { name: 'Configuração do conector' });
    expect(within(panel).getByText('Versão 1')).toBeInTheDocument();
    expect(
      within(panel).getByText('Existe uma versão mais nova deste conector (versão 2).'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Antigo' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Atualizar para a versão 2' }));
    expect(within(panel).getByText('Versão 2')).toBeInTheDocument();
    expect(within(panel).queryByText(/Existe uma versão mais nova/)).toBeNull();
    expect(within(panel).queryByRole('textbox', { name: 'Antigo' })).toBeNull();
    expect(within(panel).getByRole('textbox', { name: 'CEP' })).toHaveValue('01001000');
    expect(within(screen.getByTestId('node-cep-1')).queryByText('nova versão')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/flows/f1')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/v1/flows/f1')[0]!.body as Flow;
    const saved = body.data!.nodes.find((each) => each.uid === 'cep-1')!;
    expect(saved.typeVersion).toBe(2);
    expect(saved.params).toEqual({ cep: '01001000', formato: 'longo' });
  });

  it('marks a node whose connector is disabled, naming it', async () => {
    setup(flowWith([{ uid: 'cnpj-1', type: 'custom_c2' }]));
    const node = await screen.findByTestId('node-cnpj-1');
    await waitFor(() => expect(node).toHaveAttribute('data-issue', 'error'));
    expect(within(node).getByLabelText('Erro no conector')).toBeInTheDocument();
    // Without an image, a custom connector is a puzzle piece, not the image.
    expect(node.querySelector('img')).toBeNull();

    fireEvent.click(node);
    const panel = await screen.findByRole('complementary', { name: 'Configuração do conector' });
    expect(
      within(panel).getByText(messages.customNodes.connectorDisabled('Consulta CNPJ')),
    ).toBeInTheDocument();
  });
});
