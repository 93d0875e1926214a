import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EditorRunBody } from '@ponte/shared/execution-data.schema';
import type * as CanvasModule from '../canvas/flow-canvas';
import type { FlowCanvas } from '../canvas/flow-canvas';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { FlowEditorPage } from '../flow-editor-page';
import { editorRoutes, executionE1, webhookCodeLog, webhookFlow } from './run-data-test-fixtures';
import { forgetStartData } from './start-data';

type CanvasProps = Parameters<typeof FlowCanvas>[0];
const canvas = vi.hoisted(() => ({ props: null as unknown }));

vi.mock('../node-panel/node-panel', async () => {
  const { StubNodePanel } = await import('./run-data-test-fixtures');
  return { NodePanel: StubNodePanel };
});
vi.mock('../canvas/flow-canvas', async (importOriginal) => {
  const real = await importOriginal<typeof CanvasModule>();
  return {
    ...real,
    FlowCanvas: (props: CanvasProps) => {
      canvas.props = props;
      return <real.FlowCanvas {...props} />;
    },
  };
});

const canvasProps = () => canvas.props as CanvasProps;

function setup(pins?: Parameters<typeof webhookFlow>[0], extra: MockRoute[] = []) {
  const api = mockFetch(editorRoutes(webhookFlow(pins), extra));
  const view = renderWithProviders(<FlowEditorPage />, {
    path: '/flows/f1',
    pattern: '/flows/:id',
  });
  return { api, ...view };
}

async function open(uid: string) {
  await waitFor(() => expect(canvas.props).not.toBeNull());
  await waitFor(() => expect(canvasProps().lookup('core_code')).toBeDefined(), { timeout: 5000 });
  fireEvent.click(await screen.findByTestId(`node-${uid}`));
  await waitFor(() => expect(screen.getByTestId('panel-node')).toHaveTextContent(uid));
}

const runs = (api: ReturnType<typeof mockFetch>) =>
  api.callsTo('POST', '/engine/flow/editor-run/f1').map((call) => call.body as EditorRunBody);

const pinnedWebhook = { wh: [{ output: 'default', msg: { payload: { id: 1 } } }] };

beforeEach(() => forgetStartData());

describe("the editor's runs", { timeout: 90_000 }, () => {
  it('runs to a node at once from a pinned trigger, sending the document and destination', async () => {
    const { api, user } = setup(pinnedWebhook);
    await open('code');
    await user.click(screen.getByRole('button', { name: 'Executar até aqui' }));
    await waitFor(() => expect(runs(api)).toHaveLength(1));
    expect(runs(api)[0]).toEqual({
      document: webhookCodeLog(pinnedWebhook),
      destination: 'code',
      trigger: { node_uid: 'wh', msg: {} },
    });
    expect(screen.queryByRole('dialog', { name: 'Dados de início' })).toBeNull();

    // The run's summaries reach the canvas: states with item counts, the path, the pins.
    const bar = await screen.findByRole('status', { name: 'Execução do editor' });
    await within(bar).findByText('Execução do editor concluída até "Código".');
    await waitFor(() =>
      expect(canvasProps().nodeStates?.get('code')).toEqual({ state: 'success', items: 2 }),
    );
    expect(canvasProps().nodeStates?.has('log-1')).toBe(false);
    expect([...(canvasProps().takenEdges ?? [])]).toEqual(['wh:default->code']);
    expect([...(canvasProps().pinned ?? [])]).toEqual(['wh']);
    await waitFor(() =>
      expect(screen.getByTestId('panel-inputs')).toHaveTextContent('{"payload":{"pedido":7}}'),
    );
  });

  it("asks a webhook's start data, offering the last request, and remembers it", async () => {
    const lastRequest = {
      execution_id: 'e0',
      msg: { payload: { cliente: 'Ana' } },
      received_at: '2026-11-28T13:30:05Z',
    };
    const { api, user } = setup(undefined, [
      {
        method: 'GET',
        path: '/engine/flow/last-trigger-message/f1/wh',
        reply: { body: lastRequest },
      },
    ]);
    await open('log-1');
    await user.click(screen.getByRole('button', { name: 'Executar até aqui' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dados de início' });
    expect(within(dialog).getByRole('radio', { name: 'Última requisição recebida' })).toBeChecked();
    expect(await within(dialog).findByText('Recebida em 28/11/2026 10:30:05')).toBeVisible();
    expect(within(dialog).getByText('"Ana"')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Executar' }));
    await waitFor(() => expect(runs(api)).toHaveLength(1));
    expect(runs(api)[0]).toMatchObject({
      destination: 'log-1',
      trigger: { node_uid: 'wh', msg: lastRequest.msg },
    });

    // The second run does not ask again.
    await user.click(screen.getByRole('button', { name: 'Executar até aqui' }));
    await waitFor(() => expect(runs(api)).toHaveLength(2));
    expect(runs(api)[1]!.trigger).toEqual({ node_uid: 'wh', msg: lastRequest.msg });
    expect(screen.queryByRole('dialog', { name: 'Dados de início' })).toBeNull();

    // 'Alterar dados de início': sample data, checked as JSON, then run again.
    await user.click(await screen.findByRole('button', { name: 'Alterar dados de início' }));
    const again = await screen.findByRole('dialog', { name: 'Dados de início' });
    await user.click(within(again).getByText('Dados de exemplo'));
    const sample = within(again).getByRole('textbox', { name: 'Dados de exemplo (JSON)' });
    fireEvent.change(sample, { target: { value: '{"payload": ' } });
    await user.click(within(again).getByRole('button', { name: 'Executar' }));
    expect(
      await within(again).findByText(/Os dados de exemplo não são um JSON válido/),
    ).toBeVisible();
    fireEvent.change(sample, { target: { value: '[1]' } });
    await user.click(within(again).getByRole('button', { name: 'Executar' }));
    expect(
      await within(again).findByText(
        'Os dados de exemplo devem ser um objeto JSON, entre chaves { }.',
      ),
    ).toBeVisible();
    expect(runs(api)).toHaveLength(2);
    fireEvent.change(sample, { target: { value: '{"payload": {"teste": true}}' } });
    await user.click(within(again).getByRole('button', { name: 'Executar' }));
    await waitFor(() => expect(runs(api)).toHaveLength(3));
    expect(runs(api)[2]!.trigger).toEqual({ node_uid: 'wh', msg: { payload: { teste: true } } });
  });

  it("says in the run's bar what its AI models spent", async () => {
    const withTokens = { ...executionE1, ai_tokens: { entrada: 1234, saida: 567 } };
    const { user } = setup(pinnedWebhook, [
      { method: 'GET', path: '/api/v1/monitoring/executions/e1/data', reply: { body: withTokens } },
    ]);
    await open('code');
    await user.click(screen.getByRole('button', { name: 'Executar até aqui' }));
    const bar = await screen.findByRole('status', { name: 'Execução do editor' });
    expect(
      await within(bar).findByText('Tokens de IA: 1.234 de entrada, 567 de saída'),
    ).toBeInTheDocument();
  });

  it('runs one node with the input it last had, and shows a node that did not run what it would get', async () => {
    const { api, user } = setup(pinnedWebhook);
    await open('code');
    // Before any run the node has no input to run with.
    expect(screen.getByRole('button', { name: 'Executar este conector' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Executar até aqui' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Executar este conector' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Executar este conector' }));
    await waitFor(() => expect(runs(api)).toHaveLength(2));
    expect(runs(api)[1]).toEqual({
      document: webhookCodeLog(pinnedWebhook),
      destination: 'code',
      startAt: { node_uid: 'code', msg: { payload: { pedido: 7 } } },
    });

    // Log did not run: its input is what Código sent towards it.
    fireEvent.click(screen.getByTestId('node-log-1'));
    await waitFor(() => expect(screen.getByTestId('panel-expected')).toHaveTextContent('esperada'));
    expect(screen.getByTestId('panel-inputs')).toHaveTextContent(
      '[{"payload":{"total":1}},{"payload":{"total":2}}]',
    );
  });

  it("shows the server's refusal as a toast", async () => {
    const refusal = {
      statusCode: 400,
      code: 'invalid_flow',
      message: 'O conector escolhido não existe no flow.',
    };
    const { user } = setup(pinnedWebhook, [
      { method: 'POST', path: '/engine/flow/editor-run/f1', reply: { status: 400, body: refusal } },
    ]);
    await open('code');
    await user.click(screen.getByRole('button', { name: 'Executar até aqui' }));
    expect(await screen.findByText('O conector escolhido não existe no flow.')).toBeVisible();
  });

  it('says why a node cannot run: no trigger leads to it', async () => {
    setup();
    await open('solto');
    expect(screen.getByRole('button', { name: 'Executar até aqui' })).toBeDisabled();
    expect(screen.getByTestId('panel-hint')).toHaveTextContent(
      'Nenhum gatilho leva a este conector.',
    );
  });

  it('says a new flow must be saved before it runs in the editor', async () => {
    mockFetch(editorRoutes(webhookFlow()));
    const { user } = renderWithProviders(<FlowEditorPage />, {
      path: '/flows/new',
      pattern: '/flows/new',
    });
    await waitFor(() => expect(canvas.props).not.toBeNull());
    await waitFor(() => expect(canvasProps().lookup('core_log')).toBeDefined(), { timeout: 5000 });
    await user.click(
      document.querySelector<HTMLElement>('[data-node-type="core_webhook_trigger"]')!,
    );
    await waitFor(() => expect(screen.getByTestId('panel-node')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Executar até aqui' })).toBeDisabled();
    expect(screen.getByTestId('panel-hint')).toHaveTextContent(
      'Salve o flow para executá-lo no editor.',
    );
  });
});
