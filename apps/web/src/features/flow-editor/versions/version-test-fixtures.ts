import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { Flow } from '@ponte/shared/flows.schema';
import type { Version, VersionSummary } from '@ponte/shared/versions.schema';
import type { MockRoute } from '../../../test/mock-fetch';
import { savedFlow, testManifest } from '../editor-test-fixtures';

/** Manual Trigger → Log ('Aviso', message 'Olá'), the flow 'Pedidos' at its version 1. */
export const firstDocument = (): FlowDocument => ({
  version: 1,
  nodes: [
    {
      uid: 'trigger',
      type: 'core_manual_trigger',
      typeVersion: 1,
      position: { x: 0, y: 0 },
      params: {},
    },
    {
      uid: 'log-1',
      type: 'core_log',
      typeVersion: 1,
      label: 'Aviso',
      position: { x: 300, y: 0 },
      params: { message: 'Olá' },
    },
  ],
  edges: [
    { id: 'trigger:default->log-1', source: 'trigger', sourceOutput: 'default', target: 'log-1' },
  ],
});

/**
 * Beatriz's change: the Log's message, the trigger moved, an HTTP Request added after the Log,
 * a variable and the rate limit.
 */
export const secondDocument = (): FlowDocument => {
  const [trigger, log] = firstDocument().nodes;
  return {
    version: 1,
    nodes: [
      { ...trigger!, position: { x: 0, y: 200 } },
      { ...log!, params: { message: 'Olá, {{ msg.nome }}' } },
      {
        uid: 'http-1',
        type: 'core_http_request',
        typeVersion: 1,
        position: { x: 600, y: 0 },
        params: { url: 'https://api.exemplo.com.br/pedidos' },
      },
    ],
    edges: [
      ...firstDocument().edges,
      { id: 'log-1:default->http-1', source: 'log-1', sourceOutput: 'default', target: 'http-1' },
    ],
  };
};

/** A version's document: what the server keeps of the flow at each save. */
export const versionDocument = (flow: Flow) => ({
  name: flow.name,
  enabled: flow.enabled,
  group: flow.group,
  variables: flow.variables,
  data: flow.data,
  description: flow.description,
  config: flow.config,
  thumbnailData: flow.thumbnailData,
});

export const flowAt1 = () => savedFlow(firstDocument(), { version: 1 });

export const flowAt2 = () =>
  savedFlow(secondDocument(), {
    version: 2,
    variables: [{ key: 'api_url', value: 'https://api.exemplo.com.br' }],
    config: { rate_limit: 5, save_executions: 'default', continue_unawaited: true },
  });

export const summary = (number: number, extra: Partial<VersionSummary> = {}): VersionSummary => ({
  number,
  author: { id: 'u2', name: 'Beatriz Souza' },
  // 14:05 in São Paulo.
  created_at: `2026-03-1${number % 10}T17:05:00Z`,
  message: '',
  restored_from: null,
  ...extra,
});

export const version = (flow: Flow, extra: Partial<VersionSummary> = {}): Version => ({
  ...summary(flow.version, extra),
  document: versionDocument(flow),
});

/** The library of these tests: Manual Trigger, Log (message) and HTTP Request (URL). */
export const libraryRoute: MockRoute = {
  method: 'GET',
  path: '/engine/library',
  reply: {
    body: {
      nodes: [
        testManifest('core_manual_trigger', { category: 'trigger', label: 'Manual Trigger' }),
        testManifest('core_log', {
          label: 'Log',
          params: { message: { type: 'text', label: 'Mensagem' } },
        }),
        testManifest('core_http_request', {
          label: 'HTTP Request',
          params: { url: { type: 'text', label: 'URL' } },
        }),
      ],
    },
  },
};

/** The 409 of a save based on version 1 after Beatriz saved version 2. */
export const conflictReply = {
  status: 409,
  body: {
    statusCode: 409,
    code: 'version_conflict',
    message: 'Este flow foi alterado por Beatriz Souza às 14:05 depois que você o abriu.',
    details: {
      current_version: 2,
      changed_by: 'Beatriz Souza',
      changed_at: '2026-03-12T17:05:00Z',
    },
  },
};
