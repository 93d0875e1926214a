import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../testing/engine-harness';
import { createFakeTimers } from '../testing/fake-timers';
import { defaultLimits, limitMessages } from './limits';

const hanging = {
  version: 1,
  nodes: [
    { uid: 't', type: 'test_trigger', params: {}, position: { x: 0, y: 0 } },
    { uid: 'h', type: 'test_hang', params: {}, position: { x: 100, y: 0 } },
  ],
  edges: [{ id: 'e0', source: 't', sourceOutput: 'default', target: 'h' }],
} as FlowDocument;

/** Lets the execution's promises run until it waits on nothing but the clock. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('the executor on an injected clock', () => {
  it('ends an execution at the 10-minute limit when the fake clock gets there', async () => {
    const timers = createFakeTimers();
    const harness = createHarness({ timers });
    let ended = false;
    const running = harness.run(hanging).finally(() => (ended = true));
    await settle();
    expect(harness.visits).toEqual([]);
    timers.advance(defaultLimits.maxDurationMs - 1);
    await settle();
    expect(ended).toBe(false);
    timers.advance(1);
    const result = await running;
    expect(result.status).toBe('error');
    expect(result.error?.message).toBe(limitMessages.duration(defaultLimits.maxDurationMs));
    expect(result.error?.message).toBe('A execução excedeu o tempo limite de 10 min.');
    expect(result.execution_time).toBe(defaultLimits.maxDurationMs);
    expect(timers.pending).toBe(0);
    harness.engine.dispose();
  });

  it('gives a node that ignores the abort its settling time on the same clock', async () => {
    const timers = createFakeTimers();
    const harness = createHarness({ timers, limits: { maxDurationMs: 5_000 } });
    let release!: () => void;
    const stubborn = new Promise<void>((resolve) => (release = resolve));
    harness.ports.storage.stat = () => stubborn.then(() => null);
    const flow = {
      ...hanging,
      nodes: [
        hanging.nodes[0]!,
        {
          uid: 'h',
          type: 'core_storage_read',
          params: { path: '/a.txt', read_as: 'ref' },
          position: { x: 100, y: 0 },
        },
      ],
    } as FlowDocument;
    let ended = false;
    const running = harness.run(flow).finally(() => (ended = true));
    await settle();
    timers.advance(5_000);
    await settle();
    expect(ended).toBe(false);
    timers.advance(1_000);
    const result = await running;
    expect(result.status).toBe('error');
    expect(result.execution_time).toBe(6_000);
    release();
    harness.engine.dispose();
  });
});
