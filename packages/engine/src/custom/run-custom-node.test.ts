import { afterAll, describe, expect, it } from 'vitest';
import { customNodeType } from '@ponte/shared/custom-nodes.schema';
import { messages } from '@ponte/shared/messages';
import { createEngine } from '../engine';
import { createIsolatedSandbox } from '../sandbox/isolated-sandbox';
import { createHarness } from '../testing/engine-harness';
import { createFakePorts } from '../testing/fake-ports';
import { customNodeDefinition, type StoredCustomNode } from './custom-node';
import { connectorFlow, storedConnector } from './testing';

const m = messages.customNodes;
const sandbox = createIsolatedSandbox({ limits: { timeoutMs: 5000, memoryMb: 64 } });
afterAll(() => sandbox.dispose());

/** Runs `flow` with these connector definitions in the execution's `nodes`. */
async function run(
  connectors: StoredCustomNode[],
  flow = connectorFlow(connectors[0]!),
  payload: unknown = {},
) {
  const harness = createHarness({ sandbox });
  const result = await harness.run(flow, payload, { nodes: connectors.map(customNodeDefinition) });
  return { result, harness };
}

describe('a custom connector in a flow', () => {
  it('runs the stored handler with msg and the params of the node (text, select, table-params)', async () => {
    const connector = storedConnector({
      params: [
        { name: 'cep', label: 'CEP', type: 'text' },
        {
          name: 'formato',
          label: 'Formato',
          type: 'select',
          options: [
            { label: 'Curto', value: 'curto' },
            { label: 'Longo', value: 'longo' },
          ],
        },
        {
          name: 'extras',
          label: 'Extras',
          type: 'table-params',
          columns: [
            { key: 'key', label: 'Nome' },
            { key: 'value', label: 'Valor' },
          ],
        },
      ],
      code: `async function handler(msg, params) {
        const extras = Object.fromEntries(params.extras.map((row) => [row.key, row.value]));
        return { ...msg, payload: { cep: params.cep.replace(/(\\d{5})(\\d{3})/, '$1-$2'),
          formato: params.formato, extras, veio: msg.payload.origem } };
      }`,
    });
    const { result } = await run(
      [connector],
      connectorFlow(connector, {
        cep: '01310100',
        formato: 'longo',
        extras: [{ key: 'uf', value: 'SP' }],
      }),
      { origem: 'gatilho' },
    );
    expect(result.status, result.error?.message).toBe('success');
    expect(result.lastMessage).toMatchObject({
      payload: { cep: '01310-100', formato: 'longo', extras: { uf: 'SP' }, veio: 'gatilho' },
    });
  });

  it('gets its params with the {{ }} expressions already resolved', async () => {
    const connector = storedConnector({ params: [{ name: 'cep', label: 'CEP', type: 'text' }] });
    const { result } = await run(
      [connector],
      connectorFlow(connector, { cep: 'CEP {{ msg.payload.cep }}' }),
      { cep: '20040002' },
    );
    expect(result.status, result.error?.message).toBe('success');
    expect(result.lastMessage).toMatchObject({ payload: { cep: 'CEP 20040002' } });
  });

  it('runs the version the node is pinned to when two versions are given', async () => {
    const v1 = storedConnector({ code: 'async function handler() { return "versão 1"; }' });
    const v2 = storedConnector({
      version: 2,
      code: 'async function handler() { return "versão 2"; }',
    });
    const one = await run([v1, v2], connectorFlow(v1, {}, 1));
    expect(one.result.lastMessage).toMatchObject({ payload: 'versão 1' });
    const two = await run([v1, v2], connectorFlow(v1, {}, 2));
    expect(two.result.lastMessage).toMatchObject({ payload: 'versão 2' });
  });

  it('refuses a disabled or removed connector before anything runs, naming it', async () => {
    for (const state of ['disabled', 'removed'] as const) {
      const connector = storedConnector({
        state,
        code: 'async function handler() { await fetch("https://api.exemplo/x"); return 1; }',
      });
      const { result, harness } = await run([connector]);
      expect(result.status).toBe('error');
      expect(result.error).toEqual({
        message:
          state === 'disabled'
            ? m.connectorDisabled('Consulta CEP')
            : m.connectorRemoved('Consulta CEP'),
        node_uid: 'c',
      });
      expect(harness.ports.httpCalls).toEqual([]);
    }
  });

  it('fails with the message of a handler that throws, or goes to the error output', async () => {
    const connector = storedConnector({
      code: 'async function handler() { throw new Error("CEP não encontrado"); }',
    });
    const unhandled = await run([connector]);
    expect(unhandled.result.status).toBe('error');
    expect(unhandled.result.error?.message).toContain('CEP não encontrado');
    expect(unhandled.result.error?.node_uid).toBe('c');

    const flow = connectorFlow(connector);
    flow.nodes.push({
      uid: 'depois',
      type: 'test_tag',
      typeVersion: 1,
      position: { x: 400, y: 0 },
      params: { tag: 'tratado' },
    });
    flow.edges.push({ id: 'err', source: 'c', sourceOutput: 'error', target: 'depois' });
    const handled = await run([connector], flow);
    expect(handled.result.status, handled.result.error?.message).toBe('success');
    expect(handled.harness.visits).toEqual(['tratado']);
  });

  it('says the handler is missing when the code does not define it', async () => {
    const connector = storedConnector({ code: 'const resposta = 42;' });
    const { result } = await run([connector]);
    expect(result.status).toBe('error');
    expect(result.error?.message).toContain(m.handlerMissing);
  });

  it('finds nothing of the host from the handler', async () => {
    const connector = storedConnector({
      code: `async function handler() {
        const attempt = (fn) => { try { return typeof fn(); } catch (error) { return 'erro'; } };
        return { payload: {
          process: typeof process,
          require: typeof require,
          viaFunction: attempt(() => globalThis.constructor.constructor('return process')()),
          viaThis: attempt(function () { return this.constructor.constructor('return process')(); }),
          bridges: Object.getOwnPropertyNames(globalThis).filter((name) => name.startsWith('$')),
          global: typeof global,
        } };
      }`,
    });
    const { result } = await run([connector]);
    expect(result.status, result.error?.message).toBe('success');
    const { viaFunction, viaThis, ...rest } = (result.lastMessage as { payload: object })
      .payload as Record<string, unknown>;
    expect(rest).toEqual({
      process: 'undefined',
      require: 'undefined',
      bridges: [],
      global: 'undefined',
    });
    // Code built by Function is refused by the lockdown, or finds no process.
    expect(['undefined', 'erro']).toContain(viaFunction);
    expect(['undefined', 'erro']).toContain(viaThis);
  });

  it('keeps a connector given to one execution unknown to the next one', async () => {
    const connector = storedConnector();
    const harness = createHarness({ sandbox });
    const first = await harness.run(
      connectorFlow(connector),
      {},
      {
        nodes: [customNodeDefinition(connector)],
      },
    );
    expect(first.status, first.error?.message).toBe('success');
    expect(harness.engine.registry.get(customNodeType(connector.id))).toBeUndefined();
    const second = await harness.run(connectorFlow(connector));
    expect(second.status).toBe('error');
    expect(harness.ports.httpCalls).toEqual([]);
  });
});

describe('the sandbox limits of a connector', () => {
  it('ends a handler that never returns with the timeout of the sandbox', async () => {
    const engine = createEngine({
      ports: createFakePorts(),
      limits: { sandbox: { timeoutMs: 200 } },
    });
    try {
      const connector = storedConnector({
        code: 'async function handler() { while (true) {} }',
      });
      const result = await engine.execute({
        executionId: 'e1',
        workspaceId: 'ws-1',
        flowId: 'f1',
        flow: connectorFlow(connector),
        trigger: { nodeUid: 't', msg: {} },
        nodes: [customNodeDefinition(connector)],
      });
      expect(result.status).toBe('error');
      expect(result.error?.message).toBe('O código excedeu o tempo limite de 0,2 s.');
    } finally {
      engine.dispose();
    }
  });

  it('ends a handler that takes all the memory with the memory limit', async () => {
    const connector = storedConnector({
      code: `async function handler() {
        const hoard = [];
        while (true) hoard.push(new Array(100000).fill('memória'));
      }`,
    });
    const { result } = await run([connector]);
    expect(result.status).toBe('error');
    expect(result.error?.message).toBe('O código excedeu o limite de memória de 64 MB.');
  });
});
