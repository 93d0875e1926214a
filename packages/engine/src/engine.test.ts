import { afterAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { validateFlow } from '@ponte/shared/flow/flow-validator';
import { createEngine } from './engine';
import type { EngineEvent } from './executor/events';
import { createFakePorts, jsonResponse } from './testing/fake-ports';

const ports = createFakePorts();
const engine = createEngine({ ports, limits: { maxSteps: 1000 } });
afterAll(() => engine.dispose());

/** manual trigger → HTTP request → code (real sandbox) → condition → log / stop. */
const flow: FlowDocument = {
  version: 1,
  nodes: [
    {
      uid: 'gatilho',
      type: 'core_manual_trigger',
      typeVersion: 1,
      position: { x: 0, y: 0 },
      params: { fields: [{ name: 'cep', label: 'CEP', type: 'text', required: true }] },
    },
    {
      uid: 'busca',
      type: 'core_http_request',
      typeVersion: 1,
      position: { x: 200, y: 0 },
      params: { url: 'https://viacep.exemplo/{{ msg.payload.cep }}/json' },
    },
    {
      uid: 'codigo',
      type: 'core_code',
      typeVersion: 1,
      position: { x: 400, y: 0 },
      params: {
        code: 'const cidade = msg.payload.localidade; console.log("cidade", cidade); return { ...msg, payload: { cidade, slug: toSlug(cidade) } };',
      },
    },
    {
      uid: 'sp',
      type: 'core_condition',
      typeVersion: 1,
      position: { x: 600, y: 0 },
      params: { expression: 'msg.payload.slug = "sao-paulo"' },
    },
    {
      uid: 'log',
      type: 'core_log',
      typeVersion: 1,
      position: { x: 800, y: -100 },
      params: { label: 'Cidade', message: '{{ msg.payload.cidade }}' },
    },
    {
      uid: 'fim',
      type: 'core_stop',
      typeVersion: 1,
      position: { x: 800, y: 100 },
      params: { status: 'error', message: 'Fora de SP: {{ msg.payload.cidade }}' },
    },
  ],
  edges: [
    { id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'busca' },
    { id: 'e2', source: 'busca', sourceOutput: 'default', target: 'codigo' },
    { id: 'e3', source: 'codigo', sourceOutput: 'default', target: 'sp' },
    { id: 'e4', source: 'sp', sourceOutput: 'true', target: 'log' },
    { id: 'e5', source: 'sp', sourceOutput: 'false', target: 'fim' },
  ],
};

async function run(cidade: string) {
  ports.httpHandler = () => jsonResponse(200, { localidade: cidade });
  const events: EngineEvent[] = [];
  const result = await engine.execute({
    executionId: 'e',
    workspaceId: 'w',
    flowId: 'f',
    flow,
    trigger: { nodeUid: 'gatilho', msg: { payload: { cep: '01001000' } } },
    onEvent: (event) => events.push(event),
  });
  const logs = events.flatMap((event) =>
    event.type === 'log' ? [[event.label, event.message]] : [],
  );
  return { result, logs };
}

describe('createEngine', () => {
  it('serves a library that validates the flow, and runs it with the real sandbox', async () => {
    expect(validateFlow(flow, engine.registry.manifest)).toEqual([]);
    expect(engine.manifests().map((m) => m.type)).toContain('core_code');
    const { result, logs } = await run('São Paulo');
    expect(result.status).toBe('success');
    expect(logs).toEqual([
      ['console.log', 'cidade São Paulo'],
      ['Cidade', 'São Paulo'],
    ]);
    expect(ports.httpCalls.at(-1)?.url).toBe('https://viacep.exemplo/01001000/json');
  });

  it('ends with the stop node’s error on the other branch', async () => {
    const { result } = await run('Recife');
    expect(result).toMatchObject({
      status: 'error',
      error: { message: 'Fora de SP: Recife', node_uid: 'fim' },
    });
  });
});
