import { describe, expect, it } from 'vitest';
import type { FlowDocument, FlowPins } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../testing/engine-harness';
import { unreachableDestinationMessage } from './editor-scope';
import type { NodeRunRecord } from './events';
import branching from './fixtures/branching.json';
import errorOutput from './fixtures/error-output.json';

const doc = (value: unknown) => structuredClone(value) as FlowDocument;

/** test_trigger → the given nodes in order, uids n0, n1, … */
function chain(...nodes: { type: string; params?: Record<string, unknown> }[]): FlowDocument {
  const all = [{ type: 'test_trigger' }, ...nodes].map((node, index) => ({
    uid: `n${index}`,
    typeVersion: 1,
    position: { x: index * 200, y: 0 },
    params: {},
    ...node,
  }));
  const edges = all.slice(1).map((node, index) => ({
    id: `e${index}`,
    source: `n${index}`,
    sourceOutput: 'default',
    target: node.uid,
  }));
  return { version: 1, nodes: all, edges };
}

const tag = (name: string) => ({ type: 'test_tag', params: { tag: name } });
const log = { type: 'core_log', params: { label: 'Depois', message: '{{ msg.payload }}' } };

function started(harness: ReturnType<typeof createHarness>): string[] {
  return harness.events.flatMap((event) => (event.type === 'node_started' ? [event.node_uid] : []));
}

describe('editor runs', () => {
  it('stops at the destination: it runs and is captured, nothing after it runs', async () => {
    const harness = createHarness();
    const records: NodeRunRecord[] = [];
    const result = await harness.run(
      chain(tag('a'), tag('b'), log),
      {},
      {
        editor: { destination: 'n2' },
        capture: (record) => records.push(record),
      },
    );
    expect(result).toMatchObject({ status: 'success', steps: 3 });
    expect(harness.visits).toEqual(['a', 'b']);
    expect(harness.events.some((event) => event.type === 'log')).toBe(false);
    expect(started(harness)).toEqual(['n0', 'n1', 'n2']);
    expect(harness.events).toContainEqual(
      expect.objectContaining({ type: 'node_finished', node_uid: 'n2', outputs: ['default'] }),
    );
    expect(records.map(({ node_uid }) => node_uid)).toEqual(['n0', 'n1', 'n2']);
    expect(JSON.parse(records[2]!.outputs[0]!.json)).toEqual({ payload: { visited: ['a', 'b'] } });
  });

  it('delivers nothing from the destination, not even back to a node before it', async () => {
    const flow = chain(tag('a'), tag('b'));
    flow.edges.push({ id: 'volta', source: 'n2', sourceOutput: 'default', target: 'n1' });
    const harness = createHarness({ limits: { maxSteps: 50 } });
    const result = await harness.run(flow, {}, { editor: { destination: 'n2' } });
    expect(result).toMatchObject({ status: 'success', steps: 3 });
    expect(harness.visits).toEqual(['a', 'b']);
  });

  it('runs only the nodes that lead to the destination', async () => {
    const harness = createHarness();
    const result = await harness.run(
      doc(branching),
      { total: 150 },
      {
        editor: { destination: 'grande' },
      },
    );
    expect(result).toMatchObject({ status: 'success', steps: 3 });
    // 'auditoria' hangs off the trigger on a side branch; 'log' comes after the destination.
    expect(harness.visits).toEqual(['grande']);
    expect(started(harness)).toEqual(['gatilho', 'condicao', 'grande']);
    expect(harness.logged('Resultado')).toEqual([]);

    const other = createHarness();
    const small = await other.run(
      doc(branching),
      { total: 5 },
      {
        editor: { destination: 'grande' },
      },
    );
    // The condition said false: 'pequeno' does not lead to 'grande', so nothing more runs.
    expect(small).toMatchObject({ status: 'success', steps: 2 });
    expect(other.visits).toEqual([]);
  });

  it("with startAt at the destination, runs that one node ('Executar este conector')", async () => {
    const harness = createHarness();
    const result = await harness.run(
      chain(tag('a'), tag('b'), tag('c')),
      {},
      {
        startAt: { nodeUid: 'n2', msg: { payload: { visited: ['antes'] } } },
        editor: { destination: 'n2' },
      },
    );
    expect(result).toMatchObject({ status: 'success', steps: 1 });
    expect(harness.visits).toEqual(['b']);
    expect(result.lastMessage).toEqual({ payload: { visited: ['antes', 'b'] } });
  });

  it('refuses to start where the destination cannot be reached', async () => {
    const harness = createHarness();
    const result = await harness.run(
      doc(branching),
      { total: 150 },
      {
        startAt: { nodeUid: 'pequeno', msg: { payload: {} } },
        editor: { destination: 'grande' },
      },
    );
    expect(result).toMatchObject({
      status: 'error',
      steps: 0,
      error: { message: unreachableDestinationMessage },
    });
    expect(unreachableDestinationMessage).toBe(
      'O conector escolhido não é alcançado a partir de onde a execução começa.',
    );
    expect(started(harness)).toEqual([]);

    const missing = await createHarness().run(
      doc(branching),
      {},
      {
        editor: { destination: 'nao-existe' },
      },
    );
    expect(missing.error).toEqual({ message: unreachableDestinationMessage });
  });

  it('drops an error sent to a branch that does not lead to the destination', async () => {
    const harness = createHarness();
    const result = await harness.run(doc(errorOutput), {}, { editor: { destination: 'depois' } });
    expect(result.status).toBe('success');
    expect(harness.events).toContainEqual(
      expect.objectContaining({ type: 'node_failed', node_uid: 'falha', handled: true }),
    );
    expect(harness.visits).toEqual([]);
  });
});

describe('pins in editor runs', () => {
  it('a pinned node sends its pins instead of running, on their outputs', async () => {
    const flow = chain({ type: 'test_fail' }, tag('b'), log);
    const pins: FlowPins = { n1: [{ output: 'default', msg: { payload: { fixado: 1 } } }] };
    flow.pins = pins;
    const harness = createHarness();
    const records: NodeRunRecord[] = [];
    const result = await harness.run(
      flow,
      {},
      {
        editor: { destination: 'n2', pins },
        capture: (record) => records.push(record),
      },
    );
    // test_fail always throws: it never ran.
    expect(result).toMatchObject({ status: 'success', steps: 3 });
    expect(result.lastMessage).toEqual({ payload: { fixado: 1, visited: ['b'] } });
    expect(harness.events.some((event) => event.type === 'node_failed')).toBe(false);
    expect(harness.events).toContainEqual(
      expect.objectContaining({ type: 'node_finished', node_uid: 'n1', outputs: ['default'] }),
    );
    expect(records[1]).toMatchObject({ node_uid: 'n1', pinned: true });
    expect(records[1]!.outputs.map(({ output, json }) => [output, JSON.parse(json)])).toEqual([
      ['default', { payload: { fixado: 1 } }],
    ]);
    // test_tag changed the message it received in place: the pins themselves are untouched.
    expect(pins.n1![0]!.msg).toEqual({ payload: { fixado: 1 } });
  });

  it('pins choose the output: a pinned condition sends where its pins say', async () => {
    const flow = doc(branching);
    const pins: FlowPins = {
      condicao: [
        { output: 'false', msg: { payload: { total: 1 } } },
        { output: 'false', msg: { payload: { total: 2 } } },
      ],
    };
    const harness = createHarness();
    await harness.run(flow, { total: 150 }, { editor: { destination: 'log', pins } });
    expect(harness.visits).toEqual(['pequeno', 'pequeno']);
    expect(harness.logged('Resultado')).toEqual([['pequeno'], ['pequeno']]);
  });

  it('a pinned trigger sends its pins instead of the message it was given', async () => {
    const pins: FlowPins = { n0: [{ output: 'default', msg: { payload: { pedido: 7 } } }] };
    const harness = createHarness();
    const result = await harness.run(
      chain(tag('a')),
      { pedido: 1 },
      {
        editor: { destination: 'n1', pins },
      },
    );
    expect(result.lastMessage).toEqual({ payload: { pedido: 7, visited: ['a'] } });
  });

  it('production executions ignore the pins of the flow', async () => {
    const flow = chain({ type: 'test_fail' }, tag('b'));
    flow.pins = { n1: [{ output: 'default', msg: { payload: {} } }] };
    const harness = createHarness();
    const result = await harness.run(flow);
    expect(result).toMatchObject({
      status: 'error',
      error: { message: 'Falhou de propósito', node_uid: 'n1' },
    });
    expect(harness.visits).toEqual([]);
  });
});
