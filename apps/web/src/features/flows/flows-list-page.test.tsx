import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { setSelectedGroup } from '../../lib/groups/selected-group';
import { mockFetch } from '../../test/mock-fetch';
import type { RecordedCall } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { storeTestSession, testWorkspace } from '../../test/session-fixtures';
import { FlowsListPage } from './flows-list-page';

const thumbnail = 'data:image/png;base64,iVBORw0KGgo=';

interface FlowFixture {
  _id: string;
  name: string;
  enabled: boolean;
  group: string | null;
  triggers: { node_uid: string; node_type: string }[];
  thumbnailData: string | null;
  updated_at: string;
}

const importOrders: FlowFixture = {
  _id: 'f1',
  name: 'Importar pedidos',
  enabled: true,
  group: 'g1',
  triggers: [
    { node_uid: 'n1', node_type: 'core_manual_trigger' },
    { node_uid: 'n2', node_type: 'core_webhook_trigger' },
  ],
  thumbnailData: thumbnail,
  updated_at: '2026-01-15T12:34:56Z',
};

const syncStock: FlowFixture = {
  _id: 'f2',
  name: 'Sincronizar estoque',
  enabled: false,
  group: null,
  triggers: [{ node_uid: 'n1', node_type: 'core_webhook_trigger' }],
  thumbnailData: null,
  updated_at: '2026-03-01T02:00:00.000Z',
};

const manifest = (type: string, label: string) => ({
  type,
  version: 1,
  category: 'trigger',
  label,
  description: '',
  icon: 'bolt',
  params: {},
  outputs: { default: { label: 'Saída' } },
});

function setup(initial: FlowFixture[], total = initial.length) {
  let flows = initial;
  const api = mockFetch([
    {
      method: 'GET',
      path: '/api/v1/flows',
      reply: () => ({ body: { items: flows, total: Math.max(total, flows.length) } }),
    },
    {
      method: 'POST',
      path: '/api/v1/flows/duplicate/f1',
      reply: () => {
        const copy = { ...importOrders, _id: 'f3', name: 'Importar pedidos (cópia)' };
        flows = [...flows, { ...copy, enabled: false }];
        return {
          status: 201,
          body: {
            ...copy,
            enabled: false,
            workspace: 'w1',
            variables: [],
            description: '',
            config: { rate_limit: 0 },
            deprecated_nodes: [],
            created_at: copy.updated_at,
            version: 1,
          },
        };
      },
    },
    {
      method: 'GET',
      path: '/api/v1/groups',
      reply: {
        body: { items: [{ _id: 'g1', name: 'Vendas', created_at: '', updated_at: '' }], total: 1 },
      },
    },
    {
      method: 'GET',
      path: '/engine/library',
      reply: {
        body: {
          nodes: [
            manifest('core_manual_trigger', 'Manual Trigger'),
            manifest('core_webhook_trigger', 'Webhook'),
          ],
        },
      },
    },
    {
      method: 'GET',
      path: '/engine/flow/manual-trigger/f1',
      reply: {
        body: {
          success: true,
          form_description: 'Dispara a importação.',
          form_fields: [{ name: 'pedido', label: 'Pedido', type: 'text', required: true }],
        },
      },
    },
  ]);
  const listCalls = () => api.callsTo('GET', '/api/v1/flows');
  return { ...api, listCalls };
}

const paramsOf = (call: RecordedCall | undefined) =>
  Object.fromEntries(call?.url.searchParams ?? []);

async function rowOf(name: string) {
  const table = await screen.findByRole('table', { name: 'Flows' });
  return within(table).getByRole('row', { name: new RegExp(name) });
}

describe('/flows', () => {
  it('asks for the page in the URL, 10 enabled flows without documents, in the header group', async () => {
    localStorage.setItem('selectedGroup', 'g1');
    const api = setup([importOrders], 25);
    renderWithProviders(<FlowsListPage />, { path: '/flows?page=2&query=pedidos' });

    await screen.findByRole('table', { name: 'Flows' });
    expect(paramsOf(api.listCalls()[0])).toEqual({
      page: '2',
      limit: '10',
      query: 'pedidos',
      status: 'enabled',
      fields: '-data',
      group: 'g1',
    });
    expect(screen.getByRole('heading', { name: 'Flows do workspace' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Buscar flows' })).toHaveValue('pedidos');
    expect(screen.getByRole('radio', { name: 'Ativos' })).toBeChecked();
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('data-active', 'true');

    act(() => setSelectedGroup('g2'));
    await waitFor(() => expect(paramsOf(api.listCalls().at(-1)).group).toBe('g2'));
  });

  it('shows preview, name with trigger badges and date, status, group and actions', async () => {
    setup([importOrders, syncStock]);
    renderWithProviders(<FlowsListPage />, { path: '/flows' });

    const table = await screen.findByRole('table', { name: 'Flows' });
    for (const header of ['Preview', 'Nome', 'Status', 'Grupo', 'Ações']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }

    const first = await rowOf('Importar pedidos');
    const image = within(first).getByRole('img', { name: 'Preview do flow Importar pedidos' });
    expect(image).toHaveAttribute('src', thumbnail);
    expect(within(first).getByRole('link', { name: 'Importar pedidos' })).toHaveAttribute(
      'href',
      '/flows/f1',
    );
    expect(await within(first).findByText('Manual Trigger')).toBeInTheDocument();
    expect(within(first).getByText('Webhook')).toBeInTheDocument();
    expect(within(first).getByText('Última atualização: 15/01/2026 09:34:56')).toBeInTheDocument();
    expect(within(first).getByText('Ativo')).toBeInTheDocument();
    expect(await within(first).findByText('Vendas')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Executar' })).toBeInTheDocument();
    const logs = within(first).getByRole('link', { name: 'Ver logs' });
    expect(logs).toHaveAttribute(
      'href',
      `/monitoring?filters=${encodeURIComponent('{"flow":"f1","date_alias":"1d"}')}`,
    );
    expect(logs).toHaveAttribute('target', '_blank');
    expect(logs).toHaveAttribute('rel', 'noopener');

    const second = await rowOf('Sincronizar estoque');
    expect(within(second).queryByRole('img')).not.toBeInTheDocument();
    expect(within(second).getByText('Preview não disponível')).toBeInTheDocument();
    expect(within(second).getByText('Inativo')).toBeInTheDocument();
    expect(within(second).getByText('Sem grupo')).toBeInTheDocument();
    expect(within(second).getByText('Última atualização: 28/02/2026 23:00:00')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Executar' })).not.toBeInTheDocument();
  });

  it('offers Editar, Duplicar flow and Remover in the options menu', async () => {
    setup([importOrders]);
    const { user } = renderWithProviders(<FlowsListPage />, { path: '/flows' });
    await user.click(
      within(await rowOf('Importar pedidos')).getByRole('button', { name: 'Opções' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/flows/f1',
    );
    expect(screen.getByRole('menuitem', { name: 'Remover' })).toHaveAttribute(
      'href',
      '/flows/delete/f1',
    );
    expect(screen.getByRole('menuitem', { name: 'Duplicar flow' })).toBeInTheDocument();
  });

  it('duplicates after confirmation, says so and refreshes the list', async () => {
    const api = setup([importOrders]);
    const { user } = renderWithProviders(<FlowsListPage />, { path: '/flows?show_status=all' });
    await user.click(
      within(await rowOf('Importar pedidos')).getByRole('button', { name: 'Opções' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicar flow' }));

    const dialog = screen.getByRole('dialog', { name: 'Duplicar flow' });
    expect(dialog).toHaveTextContent(
      'Deseja realmente duplicar este flow? A cópia será criada desabilitada.',
    );
    expect(api.callsTo('POST', '/api/v1/flows/duplicate/f1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByText('Flow duplicado com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/flows/duplicate/f1')).toHaveLength(1);
    expect(await rowOf('Importar pedidos \\(cópia\\)')).toBeInTheDocument();
    expect(api.listCalls().length).toBeGreaterThan(1);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Duplicar flow' })).not.toBeInTheDocument(),
    );
  });

  it('offers a Operador to run and open flows, never to create, duplicate or remove', async () => {
    storeTestSession({ workspace: { ...testWorkspace, role: 'operator' } });
    setup([importOrders]);
    const { user } = renderWithProviders(<FlowsListPage />, { path: '/flows' });
    const row = await rowOf('Importar pedidos');
    expect(within(row).getByRole('button', { name: 'Executar' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Criar Flow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Opções' }));
    expect(await screen.findByRole('menuitem', { name: 'Abrir' })).toHaveAttribute(
      'href',
      '/flows/f1',
    );
    expect(screen.queryByRole('menuitem', { name: 'Remover' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Duplicar flow' })).not.toBeInTheDocument();
  });

  it('offers a Leitor neither to run nor to change a flow', async () => {
    storeTestSession({ workspace: { ...testWorkspace, role: 'viewer' } });
    setup([importOrders]);
    renderWithProviders(<FlowsListPage />, { path: '/flows' });
    const row = await rowOf('Importar pedidos');
    expect(within(row).queryByRole('button', { name: 'Executar' })).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ver logs' })).toBeInTheDocument();
  });

  it('offers Executar only for an enabled flow with a Manual Trigger', async () => {
    const disabledManual = { ...importOrders, _id: 'f4', name: 'Conciliar notas', enabled: false };
    setup([importOrders, disabledManual]);
    renderWithProviders(<FlowsListPage />, { path: '/flows?show_status=all' });
    const enabledRow = await rowOf('Importar pedidos');
    expect(within(enabledRow).getByRole('button', { name: 'Executar' })).toBeInTheDocument();
    const disabledRow = await rowOf('Conciliar notas');
    expect(within(disabledRow).getByText('Inativo')).toBeInTheDocument();
    expect(within(disabledRow).queryByRole('button', { name: 'Executar' })).not.toBeInTheDocument();
  });

  it('shows one card per flow on a phone, with the essentials and no table', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query === '(max-width: 48em)',
    }));
    setup([importOrders, syncStock]);
    renderWithProviders(<FlowsListPage />, { path: '/flows?show_status=all' });
    const list = await screen.findByRole('list', { name: 'Flows' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Importar pedidos' })).toHaveAttribute(
      'href',
      '/flows/f1',
    );
    expect(first.getByText('Ativo')).toBeInTheDocument();
    expect(await first.findByText('Vendas')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Executar' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Ver logs' })).toBeInTheDocument();
    expect(first.queryByRole('img')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText('Inativo')).toBeInTheDocument();
  });

  it('opens the manual execution form with Executar', async () => {
    setup([importOrders]);
    const { user } = renderWithProviders(<FlowsListPage />, { path: '/flows' });
    await user.click(
      within(await rowOf('Importar pedidos')).getByRole('button', { name: 'Executar' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Executar Flow' });
    expect(await within(dialog).findByText('Dispara a importação.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Pedido/ })).toBeInTheDocument();
  });

  it('keeps the status filter in show_status and asks the server for it', async () => {
    const api = setup([importOrders]);
    const { user, router } = renderWithProviders(<FlowsListPage />, {
      path: '/flows?page=2&show_status=disabled',
    });
    expect(await screen.findByRole('radio', { name: 'Inativos' })).toBeChecked();
    await waitFor(() => expect(paramsOf(api.listCalls()[0]).status).toBe('disabled'));

    await user.click(screen.getByRole('radio', { name: 'Todos' }));
    expect(router.state.location.search).toBe('?show_status=all');
    expect(screen.getByRole('radio', { name: 'Todos' })).toBeChecked();
    await waitFor(() => expect(paramsOf(api.listCalls().at(-1)).status).toBe('all'));
    expect(paramsOf(api.listCalls().at(-1)).page).toBe('1');
  });

  it('invites to create the first flow when there is none', async () => {
    setup([]);
    renderWithProviders(<FlowsListPage />, { path: '/flows' });
    expect(await screen.findByText('Nenhum Flow criado ainda.')).toBeInTheDocument();
    const createLinks = screen.getAllByRole('link', { name: 'Criar Flow' });
    expect(createLinks).toHaveLength(2);
    for (const link of createLinks) expect(link).toHaveAttribute('href', '/flows/new');
  });

  it.each(['/flows?query=zzz', '/flows?show_status=all'])(
    'says when %s finds nothing',
    async (path) => {
      setup([]);
      renderWithProviders(<FlowsListPage />, { path });
      expect(
        await screen.findByText('Nenhum Flow encontrado para esta busca.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('Nenhum Flow criado ainda.')).not.toBeInTheDocument();
    },
  );

  it('clamps a page past the end', async () => {
    setup([importOrders], 12);
    const { router } = renderWithProviders(<FlowsListPage />, { path: '/flows?page=9' });
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });
});
