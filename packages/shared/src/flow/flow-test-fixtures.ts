import type { FlowDocument, FlowNode } from './flow-document.schema';
import type { NodeManifest } from './node-manifest.schema';
import type { ManifestLookup } from './flow-operations';

const manifest = (
  m: Partial<NodeManifest> & Pick<NodeManifest, 'type' | 'category'>,
): NodeManifest => ({
  version: 1,
  label: m.type,
  description: '',
  icon: 'box',
  params: {},
  outputs: { default: { label: 'Saída' } },
  ...m,
});

/** A service connector's shape: an 'Operação' select, a param only 'enviar' shows. */
export const operationManifest: NodeManifest = manifest({
  type: 'svc_exemplo',
  category: 'action',
  label: 'Exemplo',
  params: {
    operation: {
      type: 'select',
      label: 'Operação',
      default: 'enviar',
      options: [
        { label: 'Mensagem → Enviar', value: 'enviar' },
        { label: 'Chat → Consultar', value: 'consultar' },
      ],
    },
    chat: { type: 'text', label: 'ID do chat' },
    texto: { type: 'text', label: 'Texto', required: true, showWhen: { operation: ['enviar'] } },
  },
});

/** A small library for the validator's tests. */
export const testManifests: NodeManifest[] = [
  operationManifest,
  manifest({ type: 'core_manual_trigger', category: 'trigger', label: 'Manual Trigger' }),
  manifest({
    type: 'core_http_request',
    category: 'action',
    label: 'Requisição HTTP',
    params: {
      url: { type: 'text', label: 'URL', required: true },
      method: {
        type: 'select',
        label: 'Método',
        default: 'GET',
        required: true,
        options: [
          { label: 'GET', value: 'GET' },
          { label: 'POST', value: 'POST' },
        ],
      },
      retries: { type: 'number', label: 'Tentativas' },
      headers: {
        type: 'table-params',
        label: 'Cabeçalhos',
        columns: [{ key: 'key', label: 'Nome', type: 'text' }],
      },
    },
  }),
  manifest({ type: 'core_log', category: 'action', label: 'Log' }),
  manifest({ type: 'core_old', category: 'action', label: 'Antigo', deprecated: true }),
  manifest({ type: 'core_log', category: 'action', label: 'Log v2', version: 2 }),
  manifest({
    type: 'core_send_email',
    category: 'action',
    label: 'Enviar e-mail',
    available: false,
    unavailableReason: 'Disponível quando as contas de serviço existirem.',
  }),
  manifest({
    type: 'core_condition',
    category: 'flow_control',
    label: 'Condição',
    outputs: { true: { label: 'Verdadeiro' }, false: { label: 'Falso' } },
  }),
  manifest({
    type: 'core_switch',
    category: 'flow_control',
    label: 'Switch',
    dynamicOutputs: { param: 'rules', key: 'output' },
  }),
  manifest({
    type: 'core_loop',
    category: 'flow_control',
    label: 'Loop',
    outputs: { item: { label: 'Item' }, done: { label: 'Concluído' } },
  }),
];

/** Like the registry: a given version exactly, no version the newest. */
export const lookup: ManifestLookup = (type, version) =>
  testManifests
    .filter((m) => m.type === type && (version === undefined || m.version === version))
    .sort((a, b) => b.version - a.version)[0];

export function node(
  uid: string,
  type: string,
  params: Record<string, unknown> = {},
  extra: Partial<FlowNode> = {},
): FlowNode {
  return { uid, type, typeVersion: 1, params, position: { x: 0, y: 0 }, ...extra };
}

/** Builds a document from nodes and `[source, target, output?]` edges. */
export function flow(nodes: FlowNode[], edges: [string, string, string?][] = []): FlowDocument {
  return {
    version: 1,
    nodes,
    edges: edges.map(([source, target, sourceOutput = 'default']) => ({
      id: `${source}:${sourceOutput}->${target}`,
      source,
      sourceOutput,
      target,
    })),
  };
}
