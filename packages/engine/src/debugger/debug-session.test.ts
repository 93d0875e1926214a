import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../testing/engine-harness';
import type { DebugSession } from './debug-session';

function linear(breakpointOn?: { uid: string; condition?: string }): FlowDocument {
  const nodes = ['t', 'a', 'b', 'c'].map((uid, index) => ({
    uid,
    type: index === 0 ? 'test_trigger' : 'test_tag',
    typeVersion: 1,
    params: index === 0 ? {} : { tag: uid },
    position: { x: index * 100, y: 0 },
    ...(breakpointOn?.uid === uid
      ? {
          breakpoint: true,
          ...(breakpointOn.condition ? { breakpointCondition: breakpointOn.condition } : {}),
        }
      : {}),
  }));
  const edges = nodes.slice(1).map((node, index) => ({
    id: `e${index}`,
    source: nodes[index]!.uid,
    sourceOutput: 'default',
    target: node.uid,
  }));
  return { version: 1, nodes, edges };
}

/** Waits (on the event loop, not on time) until the session holds a node that is not waiting. */
async function pausedAt(session: DebugSession): Promise<string> {
  for (let turn = 0; turn < 1000; turn++) {
    const state = session.state();
    if (state.current && !state.waiting) return state.current.node_uid;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('A sessão de debug não pausou.');
}

describe('debug session', () => {
  it('pauses after each node output and goes on only with next-step', async () => {
    const harness = createHarness();
    const session = harness.engine.createDebugSession();
    expect(session.nextStep()).toBe(false);
    const running = harness.run(linear(), {}, { debug: session });

    expect(await pausedAt(session)).toBe('t');
    expect(harness.visits).toEqual([]);
    expect(session.state()).toMatchObject({ active: true, waiting: false, is_breakpoint: false });
    expect(session.nextStep()).toBe(true);
    expect(session.state()).toMatchObject({ current: { node_uid: 't' }, waiting: true });
    expect(session.nextStep()).toBe(false);

    expect(await pausedAt(session)).toBe('a');
    expect(harness.visits).toEqual(['a']);
    session.nextStep();
    expect(await pausedAt(session)).toBe('b');
    session.nextStep();
    expect(await pausedAt(session)).toBe('c');
    session.nextStep();
    const result = await running;
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['a', 'b', 'c']);
    expect(session.state()).toMatchObject({ waiting: false, is_breakpoint: false });
    expect(session.state().current).toBeUndefined();
    const paused = harness.events.filter((event) => event.type === 'debug_paused');
    expect(paused.map((event) => event.node_uid)).toEqual(['t', 'a', 'b', 'c']);
    expect(paused[1]).toMatchObject({ output: 'default', msg: { payload: { visited: ['a'] } } });
  });

  it('"Continue" steps until the breakpoint node', async () => {
    const harness = createHarness();
    const session = harness.engine.createDebugSession();
    const running = harness.run(linear({ uid: 'b' }), {}, { debug: session });
    let at = await pausedAt(session);
    while (!session.state().is_breakpoint) {
      session.nextStep();
      at = await pausedAt(session);
    }
    expect(at).toBe('b');
    expect(harness.visits).toEqual(['a', 'b']);
    session.stop();
    await running;
  });

  it('a breakpoint with a condition stops only when it holds', async () => {
    for (const [total, expected] of [
      [50, false],
      [150, true],
    ] as const) {
      const harness = createHarness();
      const session = harness.engine.createDebugSession();
      const running = harness.run(
        linear({ uid: 'a', condition: 'msg.payload.total > 100' }),
        { total },
        { debug: session },
      );
      await pausedAt(session);
      session.nextStep();
      expect(await pausedAt(session)).toBe('a');
      expect(session.state().is_breakpoint).toBe(expected);
      session.stop();
      await running;
    }
  });

  it('stop ends the session and the execution cleanly', async () => {
    const harness = createHarness();
    const session = harness.engine.createDebugSession();
    const running = harness.run(linear(), {}, { debug: session });
    await pausedAt(session);
    session.nextStep();
    await pausedAt(session);
    session.stop();
    const result = await running;
    expect(result.status).toBe('stopped');
    expect(harness.visits).toEqual(['a']);
    expect(session.state()).toMatchObject({ active: false, waiting: false });
    expect(session.nextStep()).toBe(false);
  });

  it('a debug run may start from a recorded message at any node', async () => {
    const harness = createHarness();
    const session = harness.engine.createDebugSession();
    const running = harness.run(
      linear(),
      {},
      {
        debug: session,
        startAt: { nodeUid: 'b', msg: { payload: { visited: ['antes'] } } },
      },
    );
    expect(await pausedAt(session)).toBe('b');
    session.nextStep();
    expect(await pausedAt(session)).toBe('c');
    session.nextStep();
    const result = await running;
    expect(result.lastMessage).toEqual({ payload: { visited: ['antes', 'b', 'c'] } });
  });
});
