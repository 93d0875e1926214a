import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../../../testing/engine-harness';
import { measureMemory } from '../../../testing/memory';
import { runNode } from '../../../testing/run-node';
import { loopNode, loopResultsTooLarge } from './loop.node.ts';

describe('core_loop', () => {
  it('sends the first item, then the next one each time a result comes back, then done', async () => {
    const state = { value: undefined as unknown };
    const input = { payload: ['a', 'b'], pedido: 1 };
    const first = await runNode(loopNode, { input, state });
    expect(first.emitted).toEqual([
      { output: 'item', msg: { payload: 'a', pedido: 1, loop: { index: 0, total: 2 } } },
    ]);
    const second = await runNode(loopNode, { input: { payload: 'A' }, state });
    expect(second.emitted).toEqual([
      { output: 'item', msg: { payload: 'b', pedido: 1, loop: { index: 1, total: 2 } } },
    ]);
    const done = await runNode(loopNode, { input: { payload: 'B' }, state });
    expect(done.emitted).toEqual([{ output: 'done', msg: { payload: ['A', 'B'], pedido: 1 } }]);
    expect(state.value).toBeUndefined();
  });

  it('moves on when the body ended without coming back, keeping the item as its result', async () => {
    const state = { value: undefined as unknown };
    await runNode(loopNode, {
      params: { items: '{{ msg.payload.itens }}' },
      input: { payload: { itens: [1, 2] } },
      state,
    });
    const next = await runNode(loopNode, { state }, 'onIdle');
    expect(next.emitted[0]).toMatchObject({ output: 'item', msg: { payload: 2 } });
    const done = await runNode(loopNode, { state }, 'onIdle');
    expect(done.emitted[0]).toMatchObject({ output: 'done', msg: { payload: [1, 2] } });
  });

  it('goes straight to done with an empty list, and treats a single value as a list of one', async () => {
    const empty = await runNode(loopNode, { input: { payload: [] } });
    expect(empty.emitted).toEqual([{ output: 'done', msg: { payload: [] } }]);
    const single = await runNode(loopNode, { input: { payload: { id: 1 } } });
    expect(single.emitted[0]).toMatchObject({ output: 'item', msg: { payload: { id: 1 } } });
  });

  it('holds results only up to the size of one message, within a memory budget', async () => {
    // 300 results of 1 MB would be held by the loop (300 MB) before its final message failed.
    const node = (uid: string, type: string, params: Record<string, unknown> = {}) => ({
      uid,
      type,
      params,
      position: { x: 0, y: 0 },
    });
    const flow = {
      version: 1,
      nodes: [
        node('t', 'test_trigger'),
        node('l', 'core_loop', { items: '{{ [1..300] }}' }),
        node('b', 'test_big', { bytes: 1024 * 1024 }),
      ],
      edges: [
        { id: 'e0', source: 't', sourceOutput: 'default', target: 'l' },
        { id: 'e1', source: 'l', sourceOutput: 'item', target: 'b' },
        { id: 'e2', source: 'b', sourceOutput: 'default', target: 'l' },
      ],
    } as FlowDocument;
    const harness = createHarness({ limits: { maxSteps: 1000 } });
    const { outcome, held } = await measureMemory(() => harness.run(flow));
    expect(held).toBeLessThan(200 * 1024 * 1024);
    expect(outcome).toMatchObject({
      value: { status: 'error', error: { message: loopResultsTooLarge, node_uid: 'l' } },
    });
    expect(loopResultsTooLarge).toBe(
      'Os resultados do loop passam do tamanho máximo de uma mensagem (16 MB).',
    );
  });
});
