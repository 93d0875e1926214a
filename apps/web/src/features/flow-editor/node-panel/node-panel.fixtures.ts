import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { realManifest } from '../../../test/engine-library';

/**
 * A made-up connector with one param of every kind (no built-in has them all); the panel's
 * behaviour with real connectors is checked with manifests from the library copy.
 */
export const everyKindManifest: NodeManifest = {
  type: 'test_every_kind',
  version: 1,
  category: 'action',
  label: 'Requisição de teste',
  description: 'Chama uma API HTTP e coloca a resposta em msg.payload.',
  icon: 'world',
  params: {
    url: {
      type: 'text',
      label: 'URL',
      required: true,
      placeholder: 'https://api.exemplo.com.br/pedidos',
    },
    body: { type: 'textarea', label: 'Corpo', description: 'O corpo enviado.' },
    method: {
      type: 'select',
      label: 'Método',
      default: 'GET',
      options: ['GET', 'POST', 'PUT'].map((m) => ({ label: m, value: m })),
    },
    timeout_ms: { type: 'number', label: 'Tempo limite (ms)', default: 30_000, min: 1 },
    retries: { type: 'number', label: 'Novas tentativas imediatas', min: 0, max: 10 },
    follow: { type: 'boolean', label: 'Seguir redirecionamentos', default: true },
    headers: {
      type: 'table-params',
      label: 'Cabeçalhos',
      columns: [
        { key: 'key', label: 'Nome', type: 'text' },
        { key: 'value', label: 'Valor', type: 'text' },
      ],
    },
    fields: {
      type: 'table-params',
      label: 'Campos',
      columns: [
        { key: 'name', label: 'Campo', type: 'text' },
        {
          key: 'type',
          label: 'Tipo',
          type: 'select',
          options: [
            { label: 'Texto', value: 'text' },
            { label: 'Arquivo', value: 'upload' },
          ],
        },
        { key: 'required', label: 'Obrigatório', type: 'boolean' },
      ],
    },
    transform: { type: 'code-editor', label: 'Transformação', language: 'json' },
    target: { type: 'flow', label: 'Flow a executar' },
    account: {
      type: 'service_account',
      label: 'Conta de serviço',
      accepts: ['smtp_account', 'http_basic'],
    },
    table: { type: 'table', label: 'Tabela' },
    form: { type: 'form', label: 'Formulário' },
  },
  outputs: { default: { label: 'Saída' } },
};

/** The real switch of the library: its rules table names the outputs. */
export const switchManifest: NodeManifest = realManifest('core_switch');

export function makeNode(overrides: Partial<FlowNode> = {}): FlowNode {
  return {
    uid: 'http_1',
    type: everyKindManifest.type,
    typeVersion: 1,
    position: { x: 120, y: 80 },
    params: {},
    ...overrides,
  };
}
