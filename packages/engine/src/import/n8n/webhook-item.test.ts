import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../engine';
import { createFakePorts } from '../../testing/fake-ports';
import type { ImportedFlow } from '../import-result';
import { importN8n } from './import-n8n';

const engine = createEngine({ ports: createFakePorts(), limits: { maxSteps: 100 } });
afterAll(() => engine.dispose());

/**
 * n8n's webhook item is {headers, params, query, body} (n8n docs, Webhook node, "Output"):
 * workflows read `$json.body.x` and `$json.query.y` after it.
 */
const workflow = {
  id: 'wf-webhook',
  name: 'Pedidos recebidos',
  nodes: [
    {
      id: 'hook',
      name: 'Webhook',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2,
      position: [0, 0],
      parameters: { httpMethod: 'POST', path: 'pedidos', options: {} },
    },
    {
      id: 'fields',
      name: 'Campos',
      type: 'n8n-nodes-base.set',
      typeVersion: 3.4,
      position: [220, 0],
      parameters: {
        assignments: {
          assignments: [
            { id: 'a', name: 'cliente', value: '={{ $json.body.cliente }}', type: 'string' },
            { id: 'b', name: 'origem', value: '={{ $json.query.origem }}', type: 'string' },
          ],
        },
        options: {},
      },
    },
  ],
  connections: { Webhook: { main: [[{ node: 'Campos', type: 'main', index: 0 }]] } },
};

/** Runs an imported flow from the webhook with `msg`; the payloads the Set node 'Campos' gave. */
async function fieldsPayloads(flow: ImportedFlow, msg: Record<string, unknown>) {
  const payloads: unknown[] = [];
  await engine.execute({
    executionId: 'e',
    workspaceId: 'w',
    flowId: 'f',
    flow: flow.data,
    trigger: { nodeUid: 'hook', msg },
    capture: (record) => {
      if (record.node_uid !== 'fields') return;
      for (const { json } of record.outputs) payloads.push(JSON.parse(json).payload);
    },
  });
  return payloads;
}

describe('an n8n webhook imported', () => {
  it('gives the next nodes the item n8n gave: $json.body and $json.query read the request', async () => {
    const [flow] = importN8n(workflow).flows;
    expect(flow!.report.map((entry) => entry.status)).toEqual(['translated', 'translated']);
    const payloads = await fieldsPayloads(flow!, {
      payload: { cliente: 'Padaria Pão Quente' },
      webhook: {
        method: 'POST',
        path: 'pedidos',
        params: {},
        headers: { 'content-type': 'application/json' },
        query: { origem: 'site' },
      },
    });
    expect(payloads).toEqual([{ cliente: 'Padaria Pão Quente', origem: 'site' }]);
  });

  it('reads path parameters as n8n did: $json.params.id is the part of the address', async () => {
    const withParam = structuredClone(workflow);
    withParam.nodes[0]!.parameters.path = 'pedidos/:id';
    const fields = withParam.nodes[1]!.parameters as { assignments: { assignments: object[] } };
    fields.assignments.assignments.push({
      id: 'c',
      name: 'pedido',
      value: '={{ $json.params.id }}',
      type: 'string',
    });
    const [flow] = importN8n(withParam).flows;
    expect(flow!.report.map((entry) => entry.status)).toEqual(['translated', 'translated']);
    const trigger = flow!.data.nodes.find((node) => node.type === 'core_webhook_trigger')!;
    expect(trigger.params.path).toBe('pedidos/:id');
    // What the server gives for POST …/pedidos/42?origem=app (docs/adr/0139).
    const payloads = await fieldsPayloads(flow!, {
      payload: { cliente: 'Ana' },
      webhook: {
        method: 'POST',
        path: 'pedidos/42',
        params: { id: '42' },
        headers: {},
        query: { origem: 'app' },
      },
    });
    expect(payloads).toEqual([{ cliente: 'Ana', origem: 'app', pedido: '42' }]);
  });
});
