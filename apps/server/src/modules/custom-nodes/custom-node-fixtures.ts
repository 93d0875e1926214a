import { expect } from 'vitest';
import {
  customNodeSchema,
  type CustomNode,
  type CustomNodeBodyInput,
  type CustomNodeParamInput,
} from '@ponte/shared/custom-nodes.schema';
import type { Requester } from '../../test/test-app';

/** A handler that answers the `cep` param as the payload. */
export const connectorHandler =
  'async function handler(msg, params) { return { payload: params.cep }; }';

/** A text param named `name`. */
export const connectorParam = (name: string, extra: Partial<CustomNodeParamInput> = {}) => ({
  type: 'text' as const,
  name,
  label: `Parâmetro ${name}`,
  ...extra,
});

/** A valid save body: a description, `connectorHandler` and one text param `cep`. */
export const connectorBody = (
  name: string,
  extra: Partial<CustomNodeBodyInput> = {},
): CustomNodeBodyInput => ({
  name,
  description: `Descrição de ${name}`,
  code_execution_content: connectorHandler,
  params: [connectorParam('cep')],
  ...extra,
});

/** A PNG data URL of exactly `length` characters. */
export function dataUrlImage(length: number): string {
  const prefix = 'data:image/png;base64,';
  return prefix + 'A'.repeat(length - prefix.length);
}

/** Creates a connector through the API (201) and answers it. */
export async function createConnector(
  api: Requester,
  body: CustomNodeBodyInput,
): Promise<CustomNode> {
  const res = await api.post('/api/v1/custom-nodes', body);
  expect(res.statusCode, res.body).toBe(201);
  return customNodeSchema.parse(res.json());
}
