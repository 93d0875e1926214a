import type { CustomNodeParamInput } from '@ponte/shared/custom-nodes.schema';
import { customNodeParamSchema, customNodeType } from '@ponte/shared/custom-nodes.schema';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { StoredCustomNode } from './custom-node';

/** A stored connector for tests: an enabled version 1 with the given handler and params. */
export function storedConnector(
  overrides: Partial<Omit<StoredCustomNode, 'params'>> & { params?: CustomNodeParamInput[] } = {},
): StoredCustomNode {
  const { params = [], ...rest } = overrides;
  return {
    id: 'c1',
    name: 'Consulta CEP',
    description: 'Consulta um CEP.',
    serviceName: '',
    imageData: '',
    state: 'enabled',
    version: 1,
    code: 'async function handler(msg, params) { return { payload: params }; }',
    ...rest,
    params: params.map((param, position) => customNodeParamSchema.parse({ position, ...param })),
  };
}

/** manual trigger → the connector (pinned to `version`), with these params. */
export function connectorFlow(
  connector: StoredCustomNode,
  params: Record<string, unknown> = {},
  version = connector.version,
): FlowDocument {
  return {
    version: 1,
    nodes: [
      {
        uid: 't',
        type: 'core_manual_trigger',
        typeVersion: 1,
        position: { x: 0, y: 0 },
        params: {},
      },
      {
        uid: 'c',
        type: customNodeType(connector.id),
        typeVersion: version,
        position: { x: 200, y: 0 },
        params,
      },
    ],
    edges: [{ id: 'e1', source: 't', sourceOutput: 'default', target: 'c' }],
  };
}
