import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { MockRoute } from '../../../test/mock-fetch';
import { savedFlow, testManifest } from '../editor-test-fixtures';

const node = (uid: string, type: string, label: string, x: number) => ({
  uid,
  type,
  typeVersion: 1,
  label,
  position: { x, y: 0 },
  params: {},
});

/** Manual Trigger → Condição (true: Gravar aprovado, false: Gravar recusado), as it ran. */
export const ranDocument: FlowDocument = {
  version: 1,
  nodes: [
    node('trigger', 'core_manual_trigger', 'Início', 0),
    node('check', 'core_condition', 'Valor alto?', 300),
    node('approved', 'core_log', 'Gravar aprovado', 600),
    node('refused', 'core_log', 'Gravar recusado', 600),
  ],
  edges: [
    { id: 'e-trigger-check', source: 'trigger', sourceOutput: 'default', target: 'check' },
    { id: 'e-check-approved', source: 'check', sourceOutput: 'true', target: 'approved' },
    { id: 'e-check-refused', source: 'check', sourceOutput: 'false', target: 'refused' },
  ],
};

/** The flow today: the condition 'Valor alto?' was removed since the execution. */
export const currentFlow = savedFlow({
  ...ranDocument,
  nodes: ranDocument.nodes.filter((n) => n.uid !== 'check'),
  edges: [],
});

/** Execution x1: the trigger sent 2 orders, both went 'true', and 'Gravar aprovado' failed. */
export const failedExecution = (overrides: Partial<ExecutionData> = {}): ExecutionData => ({
  execution: {
    _id: 'x1',
    flow_id: 'f1',
    status: 'error',
    mode: 'editor',
    debug: false,
    trigger_node_uid: 'trigger',
    started_at: '2026-01-15T12:34:56Z',
    ended_at: '2026-01-15T12:34:57.500Z',
    duration_ms: 1500,
    error: { message: 'Falha ao gravar', node_uid: 'approved' },
    flow_version: null,
    rerun_of: null,
    personal_data_masked: false,
    trace_id: null,
  },
  flow: ranDocument,
  kept: true,
  nodes: [
    {
      node_uid: 'trigger',
      status: 'success',
      runs: 1,
      items: 2,
      outputs: { default: 2 },
      duration_ms: 3,
    },
    {
      node_uid: 'check',
      status: 'success',
      runs: 2,
      items: 2,
      outputs: { true: 2 },
      duration_ms: 4,
    },
    {
      node_uid: 'approved',
      status: 'error',
      runs: 1,
      items: 0,
      outputs: {},
      duration_ms: 9,
      error: { message: 'Falha ao gravar' },
    },
  ],
  ...overrides,
});

const order = (id: number) => ({ payload: { pedido: id } });

/** Each node's runs in x1. */
export const nodeData: Record<string, NodeData> = {
  trigger: {
    node_uid: 'trigger',
    runs: [
      {
        input: {},
        outputs: [
          { output: 'default', msg: order(1) },
          { output: 'default', msg: order(2) },
        ],
        duration_ms: 3,
      },
    ],
  },
  check: {
    node_uid: 'check',
    runs: [
      { input: order(1), outputs: [{ output: 'true', msg: order(1) }], duration_ms: 2 },
      { input: order(2), outputs: [{ output: 'true', msg: order(2) }], duration_ms: 2 },
    ],
  },
  approved: {
    node_uid: 'approved',
    runs: [{ input: order(1), outputs: [], duration_ms: 9, error: { message: 'Falha ao gravar' } }],
  },
};

/** What the page and the editor ask the server, with `data` as the execution's data. */
export const executionRoutes = (data: ExecutionData): MockRoute[] => [
  { method: 'GET', path: '/api/v1/monitoring/executions/x1/data', reply: { body: data } },
  {
    method: 'GET',
    path: /^\/api\/v1\/monitoring\/executions\/x1\/data\/[^/]+$/,
    reply: (call) => {
      const uid = decodeURIComponent(call.path.split('/').at(-1)!);
      return { body: nodeData[uid] ?? { node_uid: uid, runs: [] } };
    },
  },
  { method: 'GET', path: '/api/v1/flows/f1', reply: { body: currentFlow } },
  {
    method: 'PUT',
    path: '/api/v1/flows/f1',
    reply: (call) => ({ body: { ...currentFlow, ...(call.body as object) } }),
  },
  { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
  {
    method: 'GET',
    path: '/engine/library',
    reply: {
      body: {
        nodes: [
          testManifest('core_manual_trigger', { category: 'trigger', label: 'Manual Trigger' }),
          testManifest('core_condition', {
            label: 'Condição',
            category: 'flow_control',
            outputs: { true: { label: 'Verdadeiro' }, false: { label: 'Falso' } },
          }),
          testManifest('core_log', { label: 'Log' }),
        ],
      },
    },
  },
  {
    method: 'GET',
    path: '/engine/flow/manual-trigger/f1',
    reply: { body: { success: true, form_fields: [], form_description: '' } },
  },
];
