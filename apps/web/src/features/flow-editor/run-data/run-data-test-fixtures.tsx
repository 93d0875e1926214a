import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { Flow } from '@ponte/shared/flows.schema';
import type { MockRoute } from '../../../test/mock-fetch';
import { savedFlow, testManifest } from '../editor-test-fixtures';
import type { NodePanelProps } from '../node-panel/node-panel';

/**
 * A stand-in for the node panel: its run buttons, pins and data are built by the panel's own
 * code; these tests only check what the editor hands it.
 */
export function StubNodePanel({ node, runData, runActions }: NodePanelProps) {
  return (
    <aside aria-label="Painel do conector">
      <p data-testid="panel-node">{node.uid}</p>
      <button type="button" disabled={!runActions?.onRunToHere} onClick={runActions?.onRunToHere}>
        Executar até aqui
      </button>
      <button type="button" disabled={!runActions?.onRunNode} onClick={runActions?.onRunNode}>
        Executar este conector
      </button>
      <p data-testid="panel-hint">{runActions?.hint ?? ''}</p>
      <button
        type="button"
        onClick={() =>
          runActions?.onPin?.([{ output: 'default', msg: { payload: { fixado: 1 } } }])
        }
      >
        Fixar saída
      </button>
      <button type="button" onClick={() => runActions?.onPin?.(null)}>
        Remover fixação
      </button>
      <p data-testid="panel-pins">{JSON.stringify(runActions?.pins ?? null)}</p>
      <p data-testid="panel-inputs">
        {runData?.runs ? JSON.stringify(runData.runs.map((run) => run.input)) : ''}
      </p>
      <p data-testid="panel-expected">{runData?.expected ? 'esperada' : ''}</p>
    </aside>
  );
}

/** Webhook → Código → Log, as saved. */
export function webhookCodeLog(pins?: FlowDocument['pins']): FlowDocument {
  const at = (x: number) => ({ x, y: 0 });
  return {
    version: 1,
    nodes: [
      { uid: 'wh', type: 'core_webhook_trigger', typeVersion: 1, position: at(0), params: {} },
      { uid: 'code', type: 'core_code', typeVersion: 1, position: at(300), params: {} },
      { uid: 'log-1', type: 'core_log', typeVersion: 1, position: at(600), params: {} },
      { uid: 'solto', type: 'core_log', typeVersion: 1, position: at(900), params: {} },
    ],
    edges: [
      { id: 'wh:default->code', source: 'wh', sourceOutput: 'default', target: 'code' },
      { id: 'code:default->log-1', source: 'code', sourceOutput: 'default', target: 'log-1' },
    ],
    ...(pins ? { pins } : {}),
  };
}

export const library = {
  nodes: [
    testManifest('core_webhook_trigger', { category: 'trigger', label: 'Webhook' }),
    testManifest('core_manual_trigger', { category: 'trigger', label: 'Manual Trigger' }),
    testManifest('core_code', { label: 'Código' }),
    testManifest('core_log', { label: 'Log' }),
  ],
};

/** The execution e1 of flow f1, an editor run that ran the webhook and the code. */
export const executionE1: ExecutionData = {
  execution: {
    _id: 'e1',
    flow_id: 'f1',
    status: 'success',
    mode: 'editor',
    debug: false,
    trigger_node_uid: 'wh',
    started_at: '2026-11-28T12:00:00Z',
    ended_at: '2026-11-28T12:00:01Z',
    duration_ms: 1000,
    error: null,
    flow_version: null,
    rerun_of: null,
    personal_data_masked: false,
    trace_id: null,
  },
  flow: null,
  kept: true,
  nodes: [
    {
      node_uid: 'wh',
      status: 'success',
      runs: 1,
      items: 1,
      outputs: { default: 1 },
      duration_ms: 1,
    },
    {
      node_uid: 'code',
      status: 'success',
      runs: 1,
      items: 2,
      outputs: { default: 2 },
      duration_ms: 4,
    },
  ],
};

export const codeData: NodeData = {
  node_uid: 'code',
  runs: [
    {
      input: { payload: { pedido: 7 } },
      outputs: [
        { output: 'default', msg: { payload: { total: 1 } } },
        { output: 'default', msg: { payload: { total: 2 } } },
      ],
      duration_ms: 4,
    },
  ],
};

/** The editor of `flow` with an editor-run endpoint answering e1, and e1's data. */
export function editorRoutes(flow: Flow, extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { method: 'GET', path: '/api/v1/flows/f1', reply: { body: flow } },
    {
      method: 'PUT',
      path: '/api/v1/flows/f1',
      reply: (call) => ({ body: { ...flow, ...(call.body as object) } }),
    },
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
    { method: 'GET', path: '/engine/library', reply: { body: library } },
    {
      method: 'POST',
      path: '/engine/flow/editor-run/f1',
      reply: { body: { success: true, execution_id: 'e1' } },
    },
    { method: 'GET', path: '/api/v1/monitoring/executions/e1/data', reply: { body: executionE1 } },
    {
      method: 'GET',
      path: '/api/v1/monitoring/executions/e1/data/code',
      reply: { body: codeData },
    },
  ];
}

export const webhookFlow = (pins?: FlowDocument['pins']) =>
  savedFlow(webhookCodeLog(pins), {
    triggers: [{ node_uid: 'wh', node_type: 'core_webhook_trigger' }],
  });
