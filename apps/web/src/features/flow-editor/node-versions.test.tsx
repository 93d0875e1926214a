import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import type { Flow } from '@ponte/shared/flows.schema';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { savedFlow, testManifest, triggerAndLog } from './editor-test-fixtures';
import { FlowEditorPage } from './flow-editor-page';

const manifest = (
  type: string,
  version: number,
  extra: Partial<NodeManifest> & Pick<NodeManifest, 'label'>,
): NodeManifest => testManifest(type, { version, ...extra });

const library = {
  nodes: [
    manifest('core_manual_trigger', 1, { label: 'Manual Trigger', category: 'trigger' }),
    manifest('core_log', 2, {
      label: 'Log',
      params: { mensagem: { type: 'text', label: 'Mensagem nova' } },
    }),
    manifest('core_send_email', 1, {
      label: 'Enviar e-mail',
      available: false,
      unavailableReason: 'Disponível quando as contas de serviço existirem.',
    }),
  ],
  olderVersions: [
    manifest('core_log', 1, {
      label: 'Log',
      params: { texto: { type: 'text', label: 'Texto antigo' } },
    }),
  ],
};

const flow = savedFlow(triggerAndLog({ connected: true }), { enabled: false });

function setup() {
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

const paletteItem = (type: string) =>
  document.querySelector<HTMLButtonElement>(`[data-node-type="${type}"]`)!;

describe('node versions in the flow editor', () => {
  it('adds the newest version from the palette, keeps pinned nodes on theirs, and saves both', async () => {
    const { api, user } = setup();
    await screen.findByTestId('node-log-1');
    await waitFor(() => expect(paletteItem('core_log')).toBeEnabled());

    // A connector whose area does not exist yet adds nothing.
    expect(paletteItem('core_send_email')).toBeDisabled();
    await user.click(paletteItem('core_send_email'));
    await user.click(paletteItem('core_log'));
    // The added node's panel is the newest version's.
    expect(await screen.findByRole('textbox', { name: 'Mensagem nova' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/flows/f1')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/v1/flows/f1')[0]!.body as Flow;
    expect(body.data!.nodes.map((node) => `${node.type}@${node.typeVersion}`)).toEqual([
      'core_manual_trigger@1',
      'core_log@1',
      'core_log@2',
    ]);
  });

  it('shows the panel of the version a node is pinned to', async () => {
    setup();
    // A plain click: React Flow's drag handler needs a real pointer sequence.
    fireEvent.click(await screen.findByTestId('node-log-1'));
    expect(await screen.findByRole('textbox', { name: 'Texto antigo' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Mensagem nova' })).toBeNull();
  });
});
