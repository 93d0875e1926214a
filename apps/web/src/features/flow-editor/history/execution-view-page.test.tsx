import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { apiError, mockFetch, type MockRoute } from '../../../test/mock-fetch';
import type { FlowCanvas } from '../canvas/flow-canvas';
import { FlowEditorPage } from '../flow-editor-page';
import type { NodePanelProps } from '../node-panel/node-panel';
import { ExecutionViewPage } from './execution-view-page';
import { executionRoutes, failedExecution } from './execution-view-fixtures';

type CanvasProps = Parameters<typeof FlowCanvas>[0];
const seen: { canvas?: CanvasProps; panel?: NodePanelProps } = {};

// The canvas and the panel are drawn by other parts: here, what this page passes them.
vi.mock('../canvas/flow-canvas', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  FlowCanvas: function FakeCanvas(props: CanvasProps) {
    seen.canvas = props;
    const { selectRequest, onSelectionChange } = props;
    useEffect(() => {
      if (selectRequest) onSelectionChange(selectRequest.uids);
    }, [selectRequest, onSelectionChange]);
    return (
      <div data-testid="canvas">
        {props.doc.nodes.map((node) => (
          <button key={node.uid} onClick={() => props.onSelectionChange([node.uid])}>
            {node.label}
          </button>
        ))}
      </div>
    );
  },
}));
vi.mock('../node-panel/node-panel', () => ({
  NodePanel: function FakePanel(props: NodePanelProps) {
    seen.panel = props;
    return <aside aria-label={`Painel ${props.node.label}`}>{props.pastAction}</aside>;
  },
}));

afterEach(() => {
  seen.canvas = undefined;
  seen.panel = undefined;
});

function open(data = failedExecution(), routes: MockRoute[] = []) {
  const api = mockFetch([...routes, ...executionRoutes(data)]);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const router = createMemoryRouter(
    [
      { path: '/flows/:flowId/execucoes/:executionId', element: <ExecutionViewPage /> },
      { path: '/flows/:id', element: <FlowEditorPage /> },
    ],
    { initialEntries: ['/flows/f1/execucoes/x1'] },
  );
  render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { api, router, user: userEvent.setup() };
}

describe('a past execution in the editor', () => {
  it('heads the page with the execution, its status, start, duration and mode', async () => {
    open();
    const bar = await screen.findByRole('banner');
    expect(within(bar).getByRole('heading', { name: 'Execução x1' })).toBeInTheDocument();
    await waitFor(() => expect(within(bar).getByText('Erro')).toBeInTheDocument());
    expect(within(bar).getByText('Editor')).toBeInTheDocument();
    expect(within(bar).getByLabelText('Início')).toHaveTextContent('15/01/2026 09:34:56');
    expect(within(bar).getByLabelText('Duração')).toHaveTextContent('0h 0m 1s');
    expect(await within(bar).findByText('Pedidos')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Abrir flow atual' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Copiar para o editor' })).toBeInTheDocument();
  });

  it('says what the AI models of the execution spent', async () => {
    open(failedExecution({ ai_tokens: { entrada: 1234, saida: 567 } }));
    const bar = await screen.findByRole('banner');
    expect(
      await within(bar).findByText('Tokens de IA: 1.234 de entrada, 567 de saída'),
    ).toBeInTheDocument();
  });

  it('shows no AI tokens for an execution that called no model', async () => {
    open();
    const bar = await screen.findByRole('banner');
    await waitFor(() => expect(within(bar).getByText('Erro')).toBeInTheDocument());
    expect(within(bar).queryByText(/Tokens de IA/)).toBeNull();
  });

  it('draws the version it ran, read-only, with each node state, item count and path', async () => {
    open();
    await screen.findByTestId('canvas');
    const canvas = seen.canvas!;
    // The document the execution ran, not today's (which lost 'Valor alto?').
    expect(canvas.doc.nodes.map((node) => node.uid)).toEqual([
      'trigger',
      'check',
      'approved',
      'refused',
    ]);
    expect(canvas.readOnly).toBe(true);
    expect(Object.fromEntries(canvas.nodeStates!)).toEqual({
      trigger: { state: 'success', items: 2 },
      check: { state: 'success', items: 2 },
      approved: { state: 'error', items: 0 },
    });
    // 'false' sent nothing and 'Gravar recusado' never ran: its edge is not on the path.
    expect([...canvas.takenEdges!].sort()).toEqual(['e-check-approved', 'e-trigger-check']);
  });

  it('opens on the failing node with its runs, and shows any node clicked', async () => {
    const { user } = open();
    expect(await screen.findByRole('complementary', { name: 'Painel Gravar aprovado' }));
    expect(seen.canvas!.selectRequest).toEqual({ uids: ['approved'] });
    expect(seen.panel!.readOnly).toBe(true);
    await waitFor(() => expect(seen.panel!.runData?.runs).toHaveLength(1));
    expect(seen.panel!.runData!.summary?.error).toEqual({ message: 'Falha ao gravar' });
    expect(seen.panel!.runData!.runs![0]!.input).toEqual({ payload: { pedido: 1 } });

    await user.click(screen.getByRole('button', { name: 'Valor alto?' }));
    await screen.findByRole('complementary', { name: 'Painel Valor alto?' });
    await waitFor(() => expect(seen.panel!.runData?.runs).toHaveLength(2));
    expect(seen.panel!.runData!.summary?.items).toBe(2);

    // A node that did not run: no summary, no runs, nothing asked of the server.
    await user.click(screen.getByRole('button', { name: 'Gravar recusado' }));
    await screen.findByRole('complementary', { name: 'Painel Gravar recusado' });
    expect(seen.panel!.runData).toEqual({ summary: undefined, runs: [], loading: false });
  });

  it('re-runs from a node on the version it ran, and whole from the top bar, then opens the new execution', async () => {
    const data = failedExecution();
    data.execution.flow_version = 2;
    const rerun: MockRoute = {
      method: 'POST',
      path: '/api/v1/monitoring/executions/x1/rerun',
      reply: { status: 201, body: { execution_id: 'x2' } },
    };
    const { api, router, user } = open(data, [rerun]);
    const panel = await screen.findByRole('complementary', { name: 'Painel Gravar aprovado' });
    await user.click(within(panel).getByRole('button', { name: 'Reexecutar a partir daqui' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reexecutar a partir de "Gravar aprovado"',
    });
    await user.click(within(dialog).getByRole('radio', { name: /Versão que rodou \(versão 2\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Reexecutar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows/f1/execucoes/x2'));
    expect(api.callsTo('POST', '/api/v1/monitoring/executions/x1/rerun')[0]!.body).toEqual({
      version: 'ran',
      from_node: 'approved',
    });
  });

  it("offers the whole re-run on the current version, with the server's refusal in the dialog", async () => {
    const { api, user } = open(failedExecution(), [
      {
        method: 'POST',
        path: '/api/v1/monitoring/executions/x1/rerun',
        reply: apiError(409, 'A mensagem do gatilho desta execução não foi guardada.', 'conflict'),
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reexecutar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reexecutar a execução' });
    expect(within(dialog).getByRole('radio', { name: /Versão que rodou/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Reexecutar' }));
    expect(
      await within(dialog).findByText('A mensagem do gatilho desta execução não foi guardada.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/monitoring/executions/x1/rerun')[0]!.body).toEqual({
      version: 'current',
    });
  });

  it('says why nothing was kept instead of drawing the current flow', async () => {
    const { user, router } = open(
      failedExecution({
        kept: false,
        flow: null,
        nodes: [],
        kept_reason: 'O flow guarda dados só de execuções com erro.',
      }),
    );
    expect(await screen.findByText('Os dados desta execução não foram guardados.')).toBeVisible();
    expect(screen.getByText('O flow guarda dados só de execuções com erro.')).toBeVisible();
    expect(screen.queryByTestId('canvas')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copiar para o editor' })).toBeNull();
    const main = screen.getAllByRole('button', { name: 'Abrir flow atual' });
    expect(main).toHaveLength(2);
    await user.click(main[1]!);
    expect(router.state.location.pathname).toBe('/flows/f1');
  });

  it('says so when the flow no longer exists', async () => {
    const api = mockFetch([
      ...executionRoutes(failedExecution()).filter((route) => route.path !== '/api/v1/flows/f1'),
      {
        method: 'GET',
        path: '/api/v1/flows/f1',
        reply: { status: 404, body: { statusCode: 404, code: 'not_found', message: 'x' } },
      },
    ]);
    expect(api).toBeDefined();
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
    const router = createMemoryRouter(
      [{ path: '/flows/:flowId/execucoes/:executionId', element: <ExecutionViewPage /> }],
      { initialEntries: ['/flows/f1/execucoes/x1'] },
    );
    render(
      <AppProviders queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('O flow desta execução não existe mais.')).toBeVisible();
    expect(screen.queryByTestId('canvas')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Abrir flow atual' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copiar para o editor' })).toBeNull();
  });

  it('copies its outputs to the editor as pins, one undoable unsaved edit', async () => {
    const { user, router, api } = open();
    await screen.findByTestId('canvas');
    await user.click(screen.getByRole('button', { name: 'Copiar para o editor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows/f1'));

    expect(
      await screen.findByText(
        'Dados copiados como dados fixados em 1 conector.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    // The condition sent orders too, but the flow no longer has it.
    expect(screen.getByText('Conectores que não existem mais no flow: Valor alto?.')).toBeVisible();
    expect(screen.getByText('Existem alterações não salvas no fluxo')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/flows/f1')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/v1/flows/f1')[0]!.body as {
      data: { pins?: unknown };
    };
    expect(body.data.pins).toEqual({
      trigger: [
        { output: 'default', msg: { payload: { pedido: 1 } } },
        { output: 'default', msg: { payload: { pedido: 2 } } },
      ],
    });
    // The router state is spent: going back and forth never copies twice.
    expect(router.state.location.state).toBeNull();
  });
});
