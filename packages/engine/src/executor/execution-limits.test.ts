import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { ClockPort } from '../ports';
import { createFakePorts } from '../testing/fake-ports';
import { createHarness } from '../testing/engine-harness';
import { measureMemory } from '../testing/memory';
import { defaultLimits } from './limits';

function flow(
  nodes: [uid: string, type: string, params?: Record<string, unknown>][],
  edges: [string, string, string?][],
) {
  return {
    version: 1,
    nodes: nodes.map(([uid, type, params = {}], index) => ({
      uid,
      type,
      params,
      position: { x: index * 100, y: 0 },
    })),
    edges: edges.map(([source, target, sourceOutput = 'default'], index) => ({
      id: `e${index}`,
      source,
      sourceOutput,
      target,
    })),
  } as FlowDocument;
}

/** A clock whose sleep really waits (and stops when aborted). */
const realClock: ClockPort = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      });
    }),
};

describe('executor limits and abort', () => {
  it('stops a cycle at the step limit with a pt-BR error', async () => {
    const harness = createHarness({ limits: { maxSteps: 50 } });
    const result = await harness.run(
      flow(
        [
          ['t', 'test_trigger'],
          ['a', 'test_tag', { tag: 'a' }],
        ],
        [
          ['t', 'a'],
          ['a', 'a'],
        ],
      ),
    );
    expect(result.status).toBe('error');
    expect(result.error?.message).toBe('A execução excedeu o limite de 50 passos.');
    expect(harness.visits).toHaveLength(49);
  });

  it('stops an execution past its wall-clock limit', async () => {
    const harness = createHarness({ limits: { maxDurationMs: 50 } });
    const result = await harness.run(
      flow(
        [
          ['t', 'test_trigger'],
          ['h', 'test_hang'],
        ],
        [['t', 'h']],
      ),
    );
    expect(result).toMatchObject({
      status: 'error',
      error: { message: 'A execução excedeu o tempo limite de 0,05 s.' },
    });
  });

  it('fails the node whose message is too large; its error output can take it', async () => {
    const harness = createHarness({ limits: { maxMessageBytes: 1024 } });
    const big = flow(
      [
        ['t', 'test_trigger'],
        ['b', 'test_big', { bytes: 5000 }],
        ['depois', 'test_tag', { tag: 'depois' }],
      ],
      [
        ['t', 'b'],
        ['b', 'depois'],
      ],
    );
    const result = await harness.run(big);
    expect(result.error).toEqual({
      message: 'A mensagem excede o tamanho máximo de 1 KB.',
      node_uid: 'b',
    });
    expect(harness.visits).toEqual([]);

    big.edges.push({ id: 'err', source: 'b', sourceOutput: 'error', target: 'depois' });
    const handled = await harness.run(big);
    expect(handled.status).toBe('success');
    expect(harness.visits).toEqual(['depois']);
  });

  it('fails an execution whose waiting messages pass the limit, within a memory budget', async () => {
    expect(defaultLimits.maxWaitingBytes).toBe(128 * 1024 * 1024);
    const harness = createHarness({ limits: { maxSteps: 200, maxWaitingBytes: 32 * 1024 * 1024 } });
    // b makes a 4 MB message and sends it to itself twice: each run leaves one more waiting.
    // Unbounded, 200 steps would keep about 800 MB of messages.
    const { outcome, held } = await measureMemory(() =>
      harness.run(
        flow(
          [
            ['t', 'test_trigger'],
            ['b', 'test_big', { bytes: 4 * 1024 * 1024 }],
          ],
          [
            ['t', 'b'],
            ['b', 'b'],
            ['b', 'b'],
          ],
        ),
      ),
    );
    expect(held).toBeLessThan(200 * 1024 * 1024);
    expect(outcome).toMatchObject({
      value: {
        status: 'error',
        error: {
          message: 'A execução passou do limite de 32 MB de mensagens esperando por conectores.',
        },
      },
    });
  });

  it('an AbortSignal stops an execution promptly in the middle of a delay', async () => {
    const ports = { ...createFakePorts(), clock: realClock };
    const harness = createHarness({ ports: ports as ReturnType<typeof createFakePorts> });
    const controller = new AbortController();
    const running = harness.run(
      flow(
        [
          ['t', 'test_trigger'],
          ['d', 'core_delay', { amount: 1, unit: 'h' }],
          ['depois', 'test_tag', { tag: 'depois' }],
        ],
        [
          ['t', 'd'],
          ['d', 'depois'],
        ],
      ),
      {},
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 20);
    const result = await running;
    expect(result).toMatchObject({
      status: 'stopped',
      error: { message: 'Execução interrompida.' },
    });
    expect(harness.visits).toEqual([]);
  });

  it('an already aborted signal runs nothing', async () => {
    const harness = createHarness();
    const controller = new AbortController();
    controller.abort();
    const result = await harness.run(
      flow(
        [
          ['t', 'test_trigger'],
          ['a', 'test_tag', { tag: 'a' }],
        ],
        [['t', 'a']],
      ),
      {},
      { signal: controller.signal },
    );
    expect(result.status).toBe('stopped');
    expect(harness.visits).toEqual([]);
  });
});
