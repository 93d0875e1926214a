import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../testing/engine-harness';
import type { NodeRunRecord } from './events';
import errorOutput from './fixtures/error-output.json';
import loop from './fixtures/loop.json';

const doc = (value: unknown) => structuredClone(value) as FlowDocument;

/** A flow from `[uid, type, params?]` nodes and `source:output>target` edges. */
function graph(nodes: [string, string, Record<string, unknown>?][], edges: string[]): FlowDocument {
  return {
    version: 1,
    nodes: nodes.map(([uid, type, params], index) => ({
      uid,
      type,
      typeVersion: 1,
      position: { x: index * 200, y: 0 },
      params: params ?? {},
    })),
    edges: edges.map((edge, index) => {
      const [source, rest] = edge.split(':') as [string, string];
      const [sourceOutput, target] = rest.split('>') as [string, string];
      return { id: `e${index}`, source, sourceOutput, target };
    }),
  };
}

/** Records made readable: JSON parsed, durations checked then left out. */
function readable(records: NodeRunRecord[]) {
  return records.map(({ duration_ms, input, outputs, ...rest }) => {
    expect(duration_ms).toBeGreaterThanOrEqual(0);
    return {
      ...rest,
      input: JSON.parse(input) as unknown,
      outputs: outputs.map(({ output, json }) => ({ output, msg: JSON.parse(json) as unknown })),
    };
  });
}

async function captured(flow: FlowDocument, payload: unknown = {}) {
  const harness = createHarness();
  const records: NodeRunRecord[] = [];
  const result = await harness.run(flow, payload, { capture: (record) => records.push(record) });
  return { harness, result, records, runs: readable(records) };
}

const orders = () =>
  graph(
    [
      ['gatilho', 'test_trigger'],
      ['definir', 'core_set', { values: [{ path: 'payload.canal', value: 'loja' }] }],
      ['condicao', 'core_condition', { expression: 'msg.payload.total > 100' }],
      ['grande', 'core_log', { label: 'Grande', message: '{{ msg.payload.total }}' }],
      ['pequeno', 'core_log', { label: 'Pequeno', message: '{{ msg.payload.total }}' }],
    ],
    [
      'gatilho:default>definir',
      'definir:default>condicao',
      'condicao:true>grande',
      'condicao:false>pequeno',
    ],
  );

afterEach(() => vi.restoreAllMocks());

describe('capture of node runs', () => {
  it('records what each node received and sent, with the named output it left by', async () => {
    const { runs, result } = await captured(orders(), { total: 150 });
    expect(result.status).toBe('success');
    const trigger = { payload: { total: 150 } };
    const set = { payload: { total: 150, canal: 'loja' } };
    expect(runs).toEqual([
      {
        node_uid: 'gatilho',
        node_type: 'test_trigger',
        input: trigger,
        outputs: [{ output: 'default', msg: trigger }],
      },
      {
        node_uid: 'definir',
        node_type: 'core_set',
        input: trigger,
        outputs: [{ output: 'default', msg: set }],
      },
      {
        node_uid: 'condicao',
        node_type: 'core_condition',
        input: set,
        outputs: [{ output: 'true', msg: set }],
      },
      {
        node_uid: 'grande',
        node_type: 'core_log',
        input: set,
        outputs: [{ output: 'default', msg: set }],
      },
    ]);

    const small = await captured(orders(), { total: 5 });
    expect(small.runs.map(({ node_uid }) => node_uid)).toEqual([
      'gatilho',
      'definir',
      'condicao',
      'pequeno',
    ]);
    expect(small.runs[2]!.outputs).toEqual([
      { output: 'false', msg: { payload: { total: 5, canal: 'loja' } } },
    ]);
  });

  it('records a failure with the message it sent on its error output', async () => {
    const { runs } = await captured(doc(errorOutput), { id: 1 });
    const failed = runs.find(({ node_uid }) => node_uid === 'falha');
    expect(failed).toEqual({
      node_uid: 'falha',
      node_type: 'test_fail',
      input: { payload: { id: 1 } },
      outputs: [
        {
          output: 'error',
          msg: { payload: { id: 1 }, error: { message: 'Falhou de propósito', node_uid: 'falha' } },
        },
      ],
      error: { message: 'Falhou de propósito' },
    });
    expect(runs.map(({ node_uid }) => node_uid)).toEqual(['gatilho', 'falha', 'tratado']);
  });

  it('records a failure that ends the execution with no outputs', async () => {
    const flow = doc(errorOutput);
    flow.edges = flow.edges.filter((edge) => edge.sourceOutput !== 'error');
    const { runs, result } = await captured(flow, { id: 1 });
    expect(result.status).toBe('error');
    expect(runs.at(-1)).toEqual({
      node_uid: 'falha',
      node_type: 'test_fail',
      input: { payload: { id: 1 } },
      outputs: [],
      error: { message: 'Falhou de propósito' },
    });
  });

  it('records every run of a node that runs several times, idle turns included', async () => {
    const { runs, result } = await captured(doc(loop), { pedidos: [10, 20, 30] });
    expect(result.status).toBe('success');
    const body = runs.filter(({ node_uid }) => node_uid === 'dobrar');
    expect(body.map(({ input }) => input)).toMatchObject([
      { payload: 10 },
      { payload: 20 },
      { payload: 30 },
    ]);
    const loops = runs.filter(({ node_uid }) => node_uid === 'loop');
    expect(loops.flatMap(({ outputs }) => outputs.map(({ output }) => output))).toEqual([
      'item',
      'item',
      'item',
      'done',
    ]);
    expect(loops.at(-1)!.outputs[0]!.msg).toMatchObject({ payload: [10, 20, 30] });
  });

  it('keeps each record as the message was sent, whatever the next node does to it', async () => {
    const flow = graph(
      [
        ['gatilho', 'test_trigger'],
        ['a', 'test_tag', { tag: 'a' }],
        ['b', 'test_tag', { tag: 'b' }],
      ],
      ['gatilho:default>a', 'a:default>b'],
    );
    const { runs, harness } = await captured(flow);
    // test_tag changes the message it received in place before sending it on.
    expect(harness.visits).toEqual(['a', 'b']);
    expect(runs.map(({ input }) => input)).toEqual([
      { payload: {} },
      { payload: {} },
      { payload: { visited: ['a'] } },
    ]);
    expect(runs[0]!.outputs[0]!.msg).toEqual({ payload: {} });
    expect(runs[1]!.outputs[0]!.msg).toEqual({ payload: { visited: ['a'] } });
  });

  it('records no outputs for a stop, and nothing for a disabled node', async () => {
    const flow = graph(
      [
        ['gatilho', 'test_trigger'],
        ['desligado', 'test_tag', { tag: 'x' }],
        ['parar', 'core_stop', { status: 'error', message: 'Sem estoque' }],
      ],
      ['gatilho:default>desligado', 'desligado:default>parar'],
    );
    flow.nodes[1]!.disabled = true;
    const { runs } = await captured(flow);
    expect(runs.map(({ node_uid }) => node_uid)).toEqual(['gatilho', 'parar']);
    expect(runs[1]).toMatchObject({ outputs: [], error: { message: 'Sem estoque' } });
    expect(runs[1]!.input).toEqual({ payload: {} });
  });

  it('makes no JSON beyond what the run already makes to measure the messages', async () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const plain = createHarness();
    await plain.run(orders(), { total: 150 });
    const without = stringify.mock.calls.length;
    stringify.mockClear();
    const { records } = await captured(orders(), { total: 150 });
    expect(records).toHaveLength(4);
    expect(stringify.mock.calls.length).toBe(without);
  });
});
