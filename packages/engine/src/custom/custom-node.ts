import type { CustomNodeParam } from '@ponte/shared/custom-nodes.schema';
import { customNodeType } from '@ponte/shared/custom-nodes.schema';
import type { NodeManifest, ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import type { NodeDefinition } from '../kit/define-node';
import { httpAccountTypes } from '../nodes/actions/http-request/http-auth';
import { runCustomNode } from './run-custom-node';
import type { StoredCustomNode } from './stored-custom-node';

export type { StoredCustomNode } from './stored-custom-node';

const m = messages.customNodes;

/** A param of the connector as the generated panel shows it (spec 2 §3 Param → ParamSpec). */
export function customParamSpec(param: CustomNodeParam): ParamSpec {
  const base = {
    label: param.label,
    ...(param.is_required ? { required: true } : {}),
    ...(param.description ? { description: param.description } : {}),
    ...(param.show_when && Object.keys(param.show_when).length
      ? { showWhen: param.show_when }
      : {}),
  };
  const fallback = param.default_value ? { default: param.default_value } : {};
  switch (param.type) {
    case 'number': {
      const value = param.default_value.trim() === '' ? NaN : Number(param.default_value);
      return { ...base, type: 'number', ...(Number.isFinite(value) ? { default: value } : {}) };
    }
    case 'boolean':
      return {
        ...base,
        type: 'boolean',
        ...(param.default_value ? { default: param.default_value === 'true' } : {}),
      };
    case 'text':
    case 'textarea':
      return { ...base, type: param.type, valueType: 'any', ...fallback };
    case 'select':
      return {
        ...base,
        type: 'select',
        options: param.options.map(({ label, value }) => ({ label, value })),
        ...fallback,
      };
    case 'code-editor':
      return { ...base, type: 'code-editor', language: 'javascript', ...fallback };
    case 'table-params':
      return {
        ...base,
        type: 'table-params',
        columns: param.columns.map(({ key, label }) => ({ key, label, type: 'text' })),
      };
    case 'service_account':
      return {
        ...base,
        type: 'service_account',
        accepts: param.accepts?.length ? param.accepts : httpAccountTypes,
      };
  }
}

/** What the library lists for a connector at a version: an action in its own category. */
export function customNodeManifest(node: StoredCustomNode): NodeManifest {
  const unavailable =
    node.state === 'enabled'
      ? {}
      : {
          available: false,
          unavailableReason:
            node.state === 'disabled'
              ? m.connectorDisabled(node.name)
              : m.connectorRemoved(node.name),
        };
  return {
    type: customNodeType(node.id),
    version: node.version,
    category: 'action',
    label: node.name,
    description: node.description,
    icon: 'puzzle',
    params: Object.fromEntries(node.params.map((param) => [param.name, customParamSpec(param)])),
    outputs: { default: { label: 'Saída' } },
    ...unavailable,
    custom: {
      id: node.id,
      ...(node.imageData ? { image: node.imageData } : {}),
      ...(node.serviceName ? { service_name: node.serviceName } : {}),
    },
  };
}

/** The node type the engine registers for a connector at a version. */
export function customNodeDefinition(node: StoredCustomNode): NodeDefinition {
  const manifest = customNodeManifest(node);
  return {
    manifest,
    run: (ctx) => runCustomNode(node, ctx),
  };
}
