import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { FlowsListPage } from './flows-list-page';

const n8nFile = {
  id: 'wf1',
  name: 'Pedidos do dia',
  nodes: [{ name: 'Ao clicar', type: 'n8n-nodes-base.manualTrigger', parameters: {} }],
  connections: {},
};

const report = [
  {
    original_name: 'Ao clicar',
    original_type: 'n8n-nodes-base.manualTrigger',
    status: 'translated',
    node_uid: 'n1',
    notes: [],
  },
  {
    original_name: 'Buscar pedidos',
    original_type: 'n8n-nodes-base.httpRequest',
    status: 'adapted',
    node_uid: 'n2',
    notes: ['A credencial virou uma conta de serviço a escolher.'],
  },
  {
    original_name: 'CRM da Acme',
    original_type: 'n8n-nodes-base.acmeCrm',
    status: 'not_translated',
    node_uid: 'n3',
    notes: ['Sem equivalente no Ponte.'],
  },
];

const preview = {
  source: 'n8n',
  flows: [
    {
      name: 'Pedidos do dia',
      description: '',
      nodes: 3,
      data: { version: 1, nodes: [], edges: [] },
      report,
      accounts: [
        {
          key: 'cred1',
          original_name: 'Loja',
          original_type: 'httpBasicAuth',
          account_type: 'http_basic',
          node_uids: ['n2'],
        },
      ],
    },
  ],
  totals: { translated: 1, adapted: 1, not_translated: 1 },
};

function setup(accounts: { _id: string; name: string; auth_type: string }[]) {
  return mockFetch([
    { method: 'GET', path: '/api/v1/flows', reply: { body: { items: [], total: 0 } } },
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
    { method: 'GET', path: '/engine/library', reply: { body: { nodes: [] } } },
    {
      method: 'GET',
      path: '/api/v1/service-accounts',
      reply: { body: { items: accounts, total: accounts.length } },
    },
    {
      method: 'POST',
      path: '/api/v1/flows/import-from',
      reply: (call) =>
        (call.body as { dry_run?: boolean }).dry_run
          ? { body: preview }
          : {
              status: 201,
              body: {
                flows: [
                  { _id: 'f9', name: 'Pedidos do dia', report },
                  { _id: 'f10', name: 'Outro', report: [] },
                ],
                totals: preview.totals,
              },
            },
    },
  ]);
}

const jsonFile = (content: unknown) =>
  new File([JSON.stringify(content)], 'workflow.json', { type: 'application/json' });

describe('Importar in the flows list', () => {
  it('reports an n8n file, lets the account be picked, and imports the flows', async () => {
    const api = setup([{ _id: 'sa1', name: 'Loja (produção)', auth_type: 'http_basic' }]);
    const { user } = renderWithProviders(<FlowsListPage />, { path: '/flows' });

    await user.click(await screen.findByRole('button', { name: 'Importar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'De n8n (.json)' }));
    await user.upload(screen.getByTestId('foreign-import-file'), jsonFile(n8nFile));

    const dialog = await screen.findByRole('dialog', { name: 'Importar de n8n' });
    expect(api.callsTo('POST', '/api/v1/flows/import-from')[0]?.body).toEqual({
      source: 'n8n',
      document: n8nFile,
      dry_run: true,
    });
    const table = within(dialog).getByRole('table', { name: 'Relatório de Pedidos do dia' });
    for (const header of ['Nó', 'Tipo original', 'Resultado', 'Observações']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const crm = within(table).getByRole('row', { name: /CRM da Acme/ });
    expect(within(crm).getByText('Não traduzido')).toBeInTheDocument();
    expect(within(crm).getByText('Sem equivalente no Ponte.')).toBeInTheDocument();
    expect(within(table).getByText('Adaptado')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Total: 1 traduzido, 1 adaptado, 1 não traduzido.'),
    ).toBeVisible();

    await user.click(
      await within(dialog).findByRole('combobox', { name: 'Credencial "Loja" (httpBasicAuth)' }),
    );
    await user.click(await screen.findByRole('option', { name: 'Loja (produção)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Importar 1 flow' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/v1/flows/import-from')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/v1/flows/import-from')[1]?.body).toEqual({
      source: 'n8n',
      document: n8nFile,
      accounts: { cred1: 'sa1' },
      group: null,
    });
    expect(await screen.findByText('2 flows importados, desativados.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Importar de n8n' })).not.toBeInTheDocument(),
    );
  });

  it('says where to create an account when the workspace has none of the type', async () => {
    setup([]);
    const { user } = renderWithProviders(<FlowsListPage />, { path: '/flows' });
    await user.click(await screen.findByRole('button', { name: 'Importar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'De n8n (.json)' }));
    await user.upload(screen.getByTestId('foreign-import-file'), jsonFile(n8nFile));
    const dialog = await screen.findByRole('dialog', { name: 'Importar de n8n' });
    expect(
      await within(dialog).findByText(
        'Nenhuma conta do tipo HTTP Basic: crie em Contas de serviço.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar 1 flow' })).toBeEnabled();
  });
});
