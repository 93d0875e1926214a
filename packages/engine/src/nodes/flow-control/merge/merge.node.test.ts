import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import { mergeNode } from './merge.node.ts';

const incoming = [
  { source: 'a', sourceOutput: 'default' },
  { source: 'b', sourceOutput: 'default' },
];

describe('core_merge', () => {
  it('waits for every connected input, then sends the payloads in input order', async () => {
    const state = { value: undefined as unknown };
    const fromB = await runNode(mergeNode, {
      input: { payload: 'de B', id: 'b' },
      from: incoming[1],
      incoming,
      state,
    });
    expect(fromB.emitted).toEqual([]);
    const fromA = await runNode(mergeNode, {
      input: { payload: 'de A', id: 'a' },
      from: incoming[0],
      incoming,
      state,
    });
    expect(fromA.emitted).toEqual([
      { output: 'default', msg: { payload: ['de A', 'de B'], id: 'a' } },
    ]);
    expect(state.value).toBeUndefined();
  });

  it('combines object payloads into one object in "object" mode', async () => {
    const state = { value: undefined as unknown };
    const params = { mode: 'object' };
    await runNode(mergeNode, {
      params,
      input: { payload: { nome: 'Ana' } },
      from: incoming[0],
      incoming,
      state,
    });
    const { emitted } = await runNode(mergeNode, {
      params,
      input: { payload: { email: 'ana@exemplo.com' } },
      from: incoming[1],
      incoming,
      state,
    });
    expect(emitted[0]?.msg.payload).toEqual({ nome: 'Ana', email: 'ana@exemplo.com' });
  });

  it('joins the items of every input into one list, in input order, in "concat" mode', async () => {
    const state = { value: undefined as unknown };
    const params = { mode: 'concat' };
    await runNode(mergeNode, {
      params,
      input: { payload: [{ pedido: 3 }] },
      from: incoming[1],
      incoming,
      state,
    });
    const { emitted } = await runNode(mergeNode, {
      params,
      input: { payload: [{ pedido: 1 }, { pedido: 2 }] },
      from: incoming[0],
      incoming,
      state,
    });
    expect(emitted[0]?.msg.payload).toEqual([{ pedido: 1 }, { pedido: 2 }, { pedido: 3 }]);
    // A payload that is not a list is one item.
    await runNode(mergeNode, {
      params,
      input: { payload: { pedido: 4 } },
      from: incoming[0],
      incoming,
      state,
    });
    const single = await runNode(mergeNode, {
      params,
      input: { payload: [] },
      from: incoming[1],
      incoming,
      state,
    });
    expect(single.emitted[0]?.msg.payload).toEqual([{ pedido: 4 }]);
  });

  it('sends what it has when the execution goes idle with an input missing', async () => {
    const state = { value: undefined as unknown };
    await runNode(mergeNode, { input: { payload: 1 }, from: incoming[0], incoming, state });
    const { emitted } = await runNode(mergeNode, { incoming, state }, 'onIdle');
    expect(emitted).toEqual([{ output: 'default', msg: { payload: [1] } }]);
  });
});
