import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../testing/engine-harness';
import branching from './fixtures/branching.json';
import errorOutput from './fixtures/error-output.json';
import loop from './fixtures/loop.json';
import merge from './fixtures/merge.json';
import nestedLoop from './fixtures/nested-loop.json';

const doc = (value: unknown) => structuredClone(value) as FlowDocument;

/** A linear flow: test_trigger → the given nodes in order. */
function chain(...nodes: { type: string; params?: Record<string, unknown>; disabled?: boolean }[]) {
  const all = [{ type: 'test_trigger' }, ...nodes].map((node, index) => ({
    uid: `n${index}`,
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
  return { version: 1, nodes: all, edges } as FlowDocument;
}

describe('executor', () => {
  it('follows the condition and runs the independent branch too, each with its own copy', async () => {
    const harness = createHarness();
    const result = await harness.run(doc(branching), { total: 150 });
    expect(result.status).toBe('success');
    expect(harness.visits.sort()).toEqual(['auditoria', 'grande']);
    // auditoria changed its copy of the message in place: the other branch never saw it.
    expect(harness.logged('Resultado')).toEqual([['grande']]);

    const small = createHarness();
    await small.run(doc(branching), { total: 5 });
    expect(small.logged('Resultado')).toEqual([['pequeno']]);
  });

  it('sends a failure to the connected error output and goes on', async () => {
    const harness = createHarness();
    const result = await harness.run(doc(errorOutput), { id: 1 });
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['tratado']);
    expect(result.lastMessage).toMatchObject({
      payload: { id: 1, visited: ['tratado'] },
      error: { message: 'Falhou de propósito', node_uid: 'falha' },
    });
    expect(harness.events).toContainEqual(
      expect.objectContaining({ type: 'node_failed', node_uid: 'falha', handled: true }),
    );
  });

  it('fails the execution when the error output is not connected', async () => {
    const flow = doc(errorOutput);
    flow.edges = flow.edges.filter((edge) => edge.sourceOutput !== 'error');
    const harness = createHarness();
    const result = await harness.run(flow);
    expect(result.status).toBe('error');
    expect(result.error).toEqual({ message: 'Falhou de propósito', node_uid: 'falha' });
    expect(harness.visits).toEqual([]);
  });

  it('loops over the items with a loop-back and ends with the collected results', async () => {
    const harness = createHarness();
    const result = await harness.run(doc(loop), { pedidos: [10, 20, 30] });
    expect(result.status).toBe('success');
    expect(harness.logged('Item')).toEqual([10, 20, 30]);
    expect(harness.logged('Fim')).toEqual([[10, 20, 30]]);
  });

  it('loops one item at a time even when the body does not come back', async () => {
    const flow = doc(loop);
    flow.edges = flow.edges.filter((edge) => edge.id !== 'e3');
    const harness = createHarness();
    await harness.run(flow, { pedidos: ['a', 'b'] });
    expect(harness.logged('Item')).toEqual(['a', 'b']);
    expect(harness.logged('Fim')).toEqual([['a', 'b']]);
  });

  it('runs a loop inside a loop', async () => {
    const harness = createHarness();
    const result = await harness.run(doc(nestedLoop), [[1, 2], [3]]);
    expect(result.status).toBe('success');
    expect(harness.logged('Item')).toEqual([1, 2, 3]);
    expect(harness.logged('Fim')).toEqual([[[1, 2], [3]]]);
  });

  it('merges both branches once the delayed one arrives, in input order', async () => {
    const harness = createHarness();
    const before = harness.ports.time;
    const result = await harness.run(doc(merge), { n: 1 });
    expect(result.status).toBe('success');
    expect(harness.ports.time - before).toBe(5000);
    expect(harness.logged('Unido')).toEqual([[{ n: 1 }, { n: 1, visited: ['direto'] }]]);
  });

  it('passes the message through a disabled node', async () => {
    const harness = createHarness();
    const result = await harness.run(
      chain(
        { type: 'test_tag', params: { tag: 'a' } },
        { type: 'test_tag', params: { tag: 'b' }, disabled: true },
        { type: 'test_tag', params: { tag: 'c' } },
      ),
    );
    expect(harness.visits).toEqual(['a', 'c']);
    expect(result.lastMessage).toEqual({ payload: { visited: ['a', 'c'] } });
  });

  it('core_stop ends the execution with its status and message', async () => {
    const harness = createHarness();
    const stopped = await harness.run(
      chain(
        { type: 'core_stop', params: { status: 'error', message: 'Sem estoque' } },
        { type: 'test_tag', params: { tag: 'nunca' } },
      ),
    );
    expect(stopped).toMatchObject({
      status: 'error',
      error: { message: 'Sem estoque', node_uid: 'n1' },
    });
    const ok = await harness.run(chain({ type: 'core_stop' }));
    expect(ok.status).toBe('success');
    expect(harness.visits).toEqual([]);
  });

  it('writes events: started, node timings and output sizes, user logs, finished', async () => {
    const harness = createHarness();
    await harness.run(chain({ type: 'core_log', params: { label: 'Olá', message: 'mundo' } }), {
      a: 1,
    });
    const types = harness.events.map((event) => event.type);
    expect(types[0]).toBe('execution_started');
    expect(types.at(-1)).toBe('execution_finished');
    expect(harness.events[0]).toMatchObject({
      trigger_node_uid: 'n0',
      trigger_type: 'test_trigger',
      execution_id: 'exec-1',
    });
    const finished = harness.events.filter((event) => event.type === 'node_finished');
    expect(finished.map((event) => event.node_uid)).toEqual(['n0', 'n1']);
    expect(finished[0]).toMatchObject({
      output_size: JSON.stringify({ payload: { a: 1 } }).length,
      outputs: ['default'],
    });
    expect(harness.events).toContainEqual(
      expect.objectContaining({
        type: 'log',
        log_type: 'user',
        label: 'Olá',
        message: 'mundo',
        node_uid: 'n1',
      }),
    );
    const end = harness.events.at(-1);
    expect(end).toMatchObject({ status: 'success', steps: 2 });
    expect(end && 'execution_time' in end && typeof end.execution_time).toBe('number');
  });

  it('flow variables win over workspace variables in expressions', async () => {
    const harness = createHarness();
    harness.ports.variables.values = { REGIAO: 'sul', MOEDA: 'BRL' };
    await harness.run(
      chain({
        type: 'core_log',
        params: { label: 'v', message: '{{ vars.REGIAO & "/" & vars.MOEDA }}' },
      }),
      {},
      {
        flowVariables: [{ key: 'REGIAO', value: 'nordeste' }],
      },
    );
    expect(harness.logged('v')).toEqual(['nordeste/BRL']);
  });

  it('replays from a recorded message at any node', async () => {
    const harness = createHarness();
    const flow = chain(
      { type: 'test_tag', params: { tag: 'a' } },
      { type: 'test_tag', params: { tag: 'b' } },
    );
    const result = await harness.run(
      flow,
      {},
      { startAt: { nodeUid: 'n2', msg: { payload: { visited: ['gravado'] } } } },
    );
    expect(harness.visits).toEqual(['b']);
    expect(result.lastMessage).toEqual({ payload: { visited: ['gravado', 'b'] } });
  });

  it('fails with a pt-BR message on an unknown node type', async () => {
    const harness = createHarness();
    const result = await harness.run(chain({ type: 'nao_existe' }));
    expect(result.error).toEqual({
      message: 'O conector "n1" usa um tipo desconhecido: nao_existe.',
      node_uid: 'n1',
    });
  });
});
