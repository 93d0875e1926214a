import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { openEditorRoutes, savedFlow, triggerAndLog } from './editor-test-fixtures';
import { FlowEditorPage } from './flow-editor-page';

const tab = (name: string, labels: [string, string]) => ({
  name,
  description: '',
  nodes: 2,
  data: {
    version: 1,
    nodes: [
      {
        uid: 'n1',
        type: 'core_manual_trigger',
        typeVersion: 1,
        label: labels[0],
        position: { x: 0, y: 0 },
        params: {},
      },
      {
        uid: 'n2',
        type: 'core_log',
        typeVersion: 1,
        label: labels[1],
        position: { x: 300, y: 0 },
        params: {},
      },
    ],
    edges: [],
  },
  report: [
    {
      original_name: labels[0],
      original_type: 'inject',
      status: 'translated',
      node_uid: 'n1',
      notes: [],
    },
    {
      original_name: labels[1],
      original_type: 'debug',
      status: 'translated',
      node_uid: 'n2',
      notes: [],
    },
  ],
  accounts: [],
});

const preview = {
  source: 'node-red',
  flows: [tab('Sensores', ['A cada minuto', 'Ver leitura']), tab('Alertas', ['Alarme', 'Avisar'])],
  totals: { translated: 4, adapted: 0, not_translated: 0 },
};

const nodeLabels = () =>
  [...document.querySelectorAll('.react-flow__node')].map((node) => node.textContent ?? '');

describe("the editor's import from Node-RED", () => {
  it('replaces the graph with the picked tab, unsaved and undoable, and keeps the report', async () => {
    const api = mockFetch([
      ...openEditorRoutes(savedFlow(triggerAndLog(), { name: 'Pedidos' })),
      { method: 'POST', path: '/api/v1/flows/import-from', reply: { body: preview } },
    ]);
    const { user } = renderRoutes(
      [{ path: '/flows/:id', element: <FlowEditorPage /> }],
      '/flows/f1',
    );
    await waitFor(() => expect(document.querySelectorAll('.react-flow__node')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Importar/Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'De Node-RED (.json)' }));
    await user.upload(
      screen.getByTestId('foreign-import-file'),
      new File(['[{"id":"t1","type":"tab"}]'], 'flows.json', { type: 'application/json' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Importar de Node-RED' });
    expect(api.callsTo('POST', '/api/v1/flows/import-from')[0]?.body).toMatchObject({
      source: 'node-red',
      dry_run: true,
    });
    await user.click(within(dialog).getByRole('combobox', { name: 'Flow do arquivo' }));
    await user.click(await screen.findByRole('option', { name: 'Alertas' }));
    expect(within(dialog).getByRole('table', { name: 'Relatório de Alertas' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Carregar no editor' }));

    await waitFor(() => expect(nodeLabels().join(' ')).toContain('Alarme'));
    expect(nodeLabels()).toHaveLength(2);
    expect(screen.getByLabelText('Nome do flow')).toHaveValue('Pedidos');
    expect(screen.getByText('Existem alterações não salvas no fluxo')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/v1/flows/f1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Importar/Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Relatório da importação' }));
    const report = await screen.findByRole('dialog', { name: 'Importar de Node-RED' });
    expect(within(report).getByRole('table', { name: 'Relatório de Alertas' })).toBeInTheDocument();
    await user.click(within(report).getAllByRole('button', { name: 'Fechar' }).at(-1)!);

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(nodeLabels().join(' ')).not.toContain('Alarme'));
  });
});
