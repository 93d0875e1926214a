import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import type { Flow } from '@ponte/shared/flows.schema';
import type { MockRoute } from '../../test/mock-fetch';

/** A library entry with no params and one output, for tests of the editor. */
export const testManifest = (
  type: string,
  extra: Partial<NodeManifest> & Pick<NodeManifest, 'label'>,
): NodeManifest => ({
  type,
  version: 1,
  category: 'action',
  description: '',
  icon: 'code',
  params: {},
  outputs: { default: { label: 'Saída' } },
  ...extra,
});

/** Manual Trigger → Log, both on version 1, optionally connected. */
export function triggerAndLog(
  options: { triggerLabel?: string; connected?: boolean } = {},
): FlowDocument {
  return {
    version: 1,
    nodes: [
      {
        uid: 'trigger',
        type: 'core_manual_trigger',
        typeVersion: 1,
        ...(options.triggerLabel ? { label: options.triggerLabel } : {}),
        position: { x: 0, y: 0 },
        params: {},
      },
      { uid: 'log-1', type: 'core_log', typeVersion: 1, position: { x: 300, y: 0 }, params: {} },
    ],
    edges: options.connected
      ? [
          {
            id: 'trigger:default->log-1',
            source: 'trigger',
            sourceOutput: 'default',
            target: 'log-1',
          },
        ]
      : [],
  };
}

/** The saved flow 'Pedidos' (id f1) with `data` as its document. */
export const savedFlow = (data: FlowDocument, overrides: Partial<Flow> = {}): Flow => ({
  _id: 'f1',
  name: 'Pedidos',
  enabled: true,
  group: null,
  workspace: 'w1',
  triggers: [{ node_uid: 'trigger', node_type: 'core_manual_trigger' }],
  variables: [],
  data,
  thumbnailData: null,
  description: '',
  config: { rate_limit: 0, save_executions: 'default', continue_unawaited: true },
  deprecated_nodes: [],
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

/**
 * What the editor of `flow` (id f1) asks the server when it opens: the flow, the groups, a
 * library of Manual Trigger and Log, and the manual trigger's empty form.
 */
export const openEditorRoutes = (flow: Flow): MockRoute[] => [
  { method: 'GET', path: '/api/v1/flows/f1', reply: { body: flow } },
  { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
  {
    method: 'GET',
    path: '/engine/library',
    reply: {
      body: {
        nodes: [
          testManifest('core_manual_trigger', { category: 'trigger', label: 'Manual Trigger' }),
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
