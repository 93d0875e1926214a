import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Dashboard, DashboardBody } from '@ponte/shared/dashboards.schema';
import { newWidget } from '@ponte/shared/dashboards.schema';
import type { MockRoute } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { listOf, setupWorkspacePage } from '../../test/workspace-page-setup';

const counter = { ...newWidget('execution_count'), id: 'widget-a1', x: 0, y: 0, content: { v: 1 } };
const operacao: Dashboard = {
  _id: 'd1',
  name: 'Operação',
  group: 'g1',
  widgets: [counter],
  workspace_id: 'w1',
  version: 1,
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-03-01T02:00:00Z',
};

function setup(extra: MockRoute[] = []) {
  return setupWorkspacePage(extra, [
    { method: 'GET', path: '/api/v1/dashboards/d1', reply: { body: operacao } },
    { method: 'POST', path: '/api/v1/dashboards/query', reply: { body: {} } },
    { method: 'GET', path: '/api/v1/flows', reply: listOf([]) },
    { method: 'GET', path: '/api/v1/db/tables', reply: listOf([{ _id: 't1', name: 'Pedidos' }]) },
    {
      method: 'GET',
      path: '/api/v1/db/tables/t1',
      reply: { body: { _id: 't1', fields: [{ name: 'total', label: 'Total', type: 'float' }] } },
    },
  ]);
}

async function addWidget(user: UserEvent, label: string) {
  await user.click(await screen.findByRole('button', { name: 'Adicionar widget' }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
  return screen.findByRole('dialog');
}

const saveButton = () => screen.getAllByRole('button', { name: 'Salvar' })[0]!;

describe('/dashboards/new and /dashboards/edit/{id}', () => {
  it('adds a widget at the spec place with its default label and saves, then opens the view', async () => {
    const api = setup([
      {
        method: 'POST',
        path: '/api/v1/dashboards',
        reply: (call) => ({
          status: 201,
          body: { ...operacao, ...(call.body as object), _id: 'd9', group: null },
        }),
      },
    ]);
    const { user, router } = renderApp('/dashboards/new');
    await screen.findByText(/ainda não tem widgets/);
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('O nome do dashboard é obrigatório');
    expect(api.callsTo('POST', '/api/v1/dashboards')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Nome do dashboard/), 'Vendas do dia');
    const dialog = await addWidget(user, 'Contagem de execuções');
    expect(within(dialog).getByLabelText('Legenda')).toHaveValue('Execuções');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(saveButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards/view/d9'));
    const [call] = api.callsTo('POST', '/api/v1/dashboards');
    const body = call!.body as DashboardBody;
    expect(body.name).toBe('Vendas do dia');
    expect(body.widgets).toHaveLength(1);
    expect(body.widgets[0]).toMatchObject({ type: 'execution_count', x: 0, w: 2, minW: 2, h: 2 });
    expect(body.widgets[0]!.config.label).toBe('Execuções');
    expect(await screen.findByText('Dashboard salvo com sucesso!')).toBeInTheDocument();
  });

  it("offers the AI tokens widgets: 'Tokens de IA' by its name, the histogram as a chart, both by flow", async () => {
    setup();
    const { user } = renderApp('/dashboards/new');
    let dialog = await addWidget(user, 'Tokens de IA');
    expect(within(dialog).getByLabelText('Legenda')).toHaveValue('Tokens de IA');
    expect(within(dialog).getByRole('combobox', { name: 'Flow' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await addWidget(user, 'Histograma de tokens de IA');
    expect(within(dialog).getByRole('combobox', { name: 'Tipo de gráfico' })).toHaveValue('Barras');
  });

  it('refuses log and table widgets without their required settings', async () => {
    setup();
    const { user } = renderApp('/dashboards/new');
    let dialog = await addWidget(user, 'Contagem de logs');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Informe o termo de busca do widget.',
    );
    await user.type(within(dialog).getByLabelText(/Termo de busca/), 'timeout');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await addWidget(user, 'Lista de registros');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Escolha a tabela do widget.',
    );
    // 'Cancelar' on a widget just added takes it away; the saved log widget stays.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('button', { name: 'Remover widget' })).toHaveLength(1);
  });

  it('duplicates a widget below it with a new id and sends the widgets without content', async () => {
    const api = setup([
      {
        method: 'PUT',
        path: '/api/v1/dashboards/d1',
        reply: (call) => ({ body: { ...operacao, ...(call.body as object) } }),
      },
    ]);
    const { user, router } = renderApp('/dashboards/edit/d1');
    await user.click(await screen.findByRole('button', { name: 'Duplicar widget' }));
    expect(screen.getAllByRole('button', { name: 'Remover widget' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Importar' })).toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/dashboards/d1')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/v1/dashboards/d1')[0]!.body as DashboardBody;
    expect(body.widgets).toHaveLength(2);
    expect(body.widgets[1]!.id).not.toBe('widget-a1');
    expect(body.widgets[1]!.y).toBeGreaterThanOrEqual(2);
    expect(body.widgets.every((widget) => widget.content === undefined)).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards/view/d1'));
  });

  it('removes a widget; Cancelar asks, then goes back to the view without saving', async () => {
    const api = setup();
    const { user, router } = renderApp('/dashboards/edit/d1');
    await user.click(await screen.findByRole('button', { name: 'Remover widget' }));
    await screen.findByText(/ainda não tem widgets/);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const question = await screen.findByRole('dialog', { name: 'Sair do editor?' });
    await user.click(within(question).getByRole('button', { name: 'Sair sem salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards/view/d1'));
    expect(api.callsTo('PUT', '/api/v1/dashboards/d1')).toHaveLength(0);
  });

  it('imports a file on a new dashboard with " (importado)" and no group; no cancel there', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    const api = setup([
      {
        method: 'POST',
        path: '/api/v1/dashboards',
        reply: (call) => ({ status: 201, body: { ...operacao, ...(call.body as object) } }),
      },
    ]);
    const { user, container } = renderApp('/dashboards/new');
    await screen.findByRole('button', { name: 'Importar' });
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([JSON.stringify({ name: 'Operação', widgets: [counter] })], 'o.json', {
      type: 'application/json',
    });
    await user.upload(input, file);
    expect(await screen.findByDisplayValue('Operação (importado)')).toBeInTheDocument();
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/dashboards')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/v1/dashboards')[0]!.body as DashboardBody;
    expect(body.group).toBeNull();
    expect(body.widgets).toHaveLength(1);

    await user.upload(input, new File(['{"nome":1}'], 'x.json', { type: 'application/json' }));
    expect(await screen.findByText('O arquivo não é um dashboard válido.')).toBeInTheDocument();
  });

  it('keeps what was typed when the save fails and shows the server text', async () => {
    setup([
      {
        method: 'POST',
        path: '/api/v1/dashboards',
        reply: { status: 400, body: { statusCode: 400, code: 'bad', message: 'Nome repetido.' } },
      },
    ]);
    const { user, router } = renderApp('/dashboards/new');
    await user.type(await screen.findByLabelText(/Nome do dashboard/), 'Painel');
    await user.click(saveButton());
    expect(
      await screen.findByText('Ocorreu um erro ao salvar: Nome repetido.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboards/new');
    expect(screen.getByLabelText(/Nome do dashboard/)).toHaveValue('Painel');
  });
});
