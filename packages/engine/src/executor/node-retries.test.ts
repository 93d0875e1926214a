import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { NodeOnError } from '@ponte/shared/flow/node-on-error';
import { defineNode } from '../kit/define-node';
import type { NodeRunRecord } from './events';
import { createHarness } from '../testing/engine-harness';

/**
 * Fails its first `failures` runs of each message (an HTTP 503 with a `Retry-After`, or a
 * plain failure), then sends the attempt it succeeded on.
 */
function flakyNode(failures: number, details?: Record<string, unknown>) {
  let runs = 0;
  return defineNode({
    type: 'test_flaky',
    version: 1,
    category: 'action',
    label: 'Instável',
    description: 'Falha algumas vezes.',
    icon: 'bug',
    params: {},
    outputs: { default: { label: 'Saída' } },
    async run({ input }) {
      runs++;
      if (runs <= failures) {
        throw Object.assign(new Error(`Serviço indisponível (${runs}).`), { details });
      }
      return { output: 'default', msg: { ...input, payload: { tentativa: runs } } };
    },
  });
}

const at = { x: 0, y: 0 };
const policy = (over: Partial<NodeOnError> = {}): NodeOnError => ({
  retries: 3,
  backoff: 'exponential',
  base_ms: 100,
  factor: 2,
  max_ms: 10_000,
  jitter: false,
  ...over,
});

/** Trigger → flaky (default → tag 'depois'; error → tag 'erro'). */
const flow = (onError: NodeOnError): FlowDocument => ({
  version: 1,
  nodes: [
    { uid: 'gatilho', type: 'test_trigger', typeVersion: 1, position: at, params: {} },
    { uid: 'api', type: 'test_flaky', typeVersion: 1, position: at, params: {}, onError },
    { uid: 'depois', type: 'test_tag', typeVersion: 1, position: at, params: { tag: 'depois' } },
    { uid: 'erro', type: 'test_tag', typeVersion: 1, position: at, params: { tag: 'erro' } },
  ],
  edges: [
    { id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'api' },
    { id: 'e2', source: 'api', sourceOutput: 'default', target: 'depois' },
    { id: 'e3', source: 'api', sourceOutput: 'error', target: 'erro' },
  ],
});

const failedEvents = (harness: ReturnType<typeof createHarness>) =>
  harness.events.flatMap((event) => (event.type === 'node_failed' ? [event] : []));

describe("a node's 'Em caso de erro'", () => {
  it('tries again in memory with growing gaps, then goes on with what it sent', async () => {
    const harness = createHarness();
    const records: NodeRunRecord[] = [];
    const result = await harness.run(
      flow(policy()),
      {},
      { nodes: [flakyNode(2)], capture: (record) => records.push(record) },
    );
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['depois']);
    expect(result.lastMessage).toMatchObject({ payload: { tentativa: 3 } });
    const failed = failedEvents(harness);
    expect(
      failed.map(({ attempt, retry, handled }) => ({ attempt, retry: retry?.attempt, handled })),
    ).toEqual([
      { attempt: 1, retry: 2, handled: true },
      { attempt: 2, retry: 3, handled: true },
    ]);
    // No jitter: 100 ms, then 200 ms after the failure.
    expect(failed.map(({ retry, timestamp }) => retry!.at - timestamp)).toEqual([100, 200]);
    expect(failed[0]!.retry!.of).toBe(4);
    const runs = records.filter(({ node_uid }) => node_uid === 'api');
    expect(runs.map(({ attempt, error }) => ({ attempt, error: error?.message }))).toEqual([
      { attempt: 1, error: 'Serviço indisponível (1).' },
      { attempt: 2, error: 'Serviço indisponível (2).' },
      { attempt: 3, error: undefined },
    ]);
  });

  it('stops trying once the attempts are spent, then follows the error output', async () => {
    const harness = createHarness();
    const result = await harness.run(
      flow(policy({ retries: 1, base_ms: 100 })),
      {},
      {
        nodes: [flakyNode(5)],
      },
    );
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['erro']);
    expect(failedEvents(harness).map(({ retry }) => retry?.attempt)).toEqual([2, undefined]);
  });

  it('does not try again a failure that does not match', async () => {
    const harness = createHarness();
    const match = { statuses: ['429', '5xx'], timeouts: true, network: true, text: '' };
    const result = await harness.run(
      flow(policy({ match, then: 'stop' })),
      {},
      {
        nodes: [flakyNode(1, { status: 404 })],
      },
    );
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ message: 'Serviço indisponível (1).', node_uid: 'api' });
    expect(failedEvents(harness)).toHaveLength(1);
  });

  it('matches a status class and a text without accents, and honours Retry-After', async () => {
    const match = { statuses: ['5xx'], timeouts: false, network: false, text: '' };
    const harness = createHarness();
    await harness.run(
      flow(policy({ match, max_ms: 1_000 })),
      {},
      {
        nodes: [flakyNode(1, { status: 503, retry_after_ms: 2_500 })],
      },
    );
    const [first] = failedEvents(harness);
    expect(first!.retry!.at - first!.timestamp).toBe(2_500);

    const byText = createHarness();
    const text = { statuses: [], timeouts: false, network: false, text: 'servico INDISPONIVEL' };
    const result = await byText.run(flow(policy({ match: text })), {}, { nodes: [flakyNode(1)] });
    expect(result.lastMessage).toMatchObject({ payload: { tentativa: 2 } });
  });

  it('continues with its input by its first output when told to', async () => {
    const harness = createHarness();
    const result = await harness.run(
      flow(policy({ retries: 0, then: 'continue' })),
      { a: 1 },
      {
        nodes: [flakyNode(1)],
      },
    );
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['depois']);
  });

  it('stops the execution when told to, even with the error output connected', async () => {
    const harness = createHarness();
    const result = await harness.run(
      flow(policy({ retries: 0, then: 'stop' })),
      {},
      {
        nodes: [flakyNode(1)],
      },
    );
    expect(result.status).toBe('error');
    expect(harness.visits).toEqual([]);
  });

  it('durable: ends waiting with the attempt to come and its input, then resumes it', async () => {
    const harness = createHarness();
    const result = await harness.run(
      flow(policy({ jitter: true, base_ms: 1_000 })),
      { n: 7 },
      {
        nodes: [flakyNode(1)],
        durableWaits: true,
      },
    );
    expect(result.status).toBe('waiting');
    const [wait] = result.waiting!;
    expect(wait).toMatchObject({
      node_uid: 'api',
      retry: { attempt: 2, of: 4, msg: { payload: { n: 7 } } },
    });
    // Jitter draws the gap between half of it and all of it.
    const [failed] = failedEvents(harness);
    const gap = wait!.retry!.at - failed!.timestamp;
    expect(gap).toBeGreaterThanOrEqual(500);
    expect(gap).toBeLessThanOrEqual(1_000);

    const resumed = createHarness();
    const records: NodeRunRecord[] = [];
    const again = await resumed.run(
      flow(policy()),
      {},
      {
        nodes: [flakyNode(0)],
        durableWaits: true,
        capture: (record) => records.push(record),
        retries: { deliveries: [{ nodeUid: 'api', msg: wait!.retry!.msg, attempt: 1 }] },
      },
    );
    expect(again.status).toBe('success');
    expect(resumed.visits).toEqual(['depois']);
    expect(records.find(({ node_uid }) => node_uid === 'api')?.attempt).toBe(2);
  });
});

describe("a durable 'Aguardar'", () => {
  const delayFlow: FlowDocument = {
    version: 1,
    nodes: [
      { uid: 'gatilho', type: 'test_trigger', typeVersion: 1, position: at, params: {} },
      {
        uid: 'espera',
        type: 'core_delay',
        typeVersion: 1,
        position: at,
        params: { amount: 2, unit: 'h', durable: true },
      },
      { uid: 'depois', type: 'test_tag', typeVersion: 1, position: at, params: { tag: 'depois' } },
    ],
    edges: [
      { id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'espera' },
      { id: 'e2', source: 'espera', sourceOutput: 'default', target: 'depois' },
    ],
  };

  it('ends the part waiting until the time is due, then goes on when resumed', async () => {
    const harness = createHarness();
    const result = await harness.run(delayFlow, { n: 1 }, { durableWaits: true });
    expect(result.status).toBe('waiting');
    const [wait] = result.waiting!;
    expect(wait).toMatchObject({
      node_uid: 'espera',
      wake: { value: 'elapsed', msg: { payload: { n: 1 } } },
    });
    const started = harness.events.find(({ type }) => type === 'node_started')!;
    expect(wait!.wake!.at - started.timestamp).toBeGreaterThanOrEqual(2 * 3_600_000);
    expect(harness.visits).toEqual([]);

    const resumed = createHarness();
    const again = await resumed.run(
      delayFlow,
      {},
      {
        durableWaits: true,
        retries: {
          deliveries: [{ nodeUid: 'espera', msg: wait!.wake!.msg, attempt: 0, resumed: 'elapsed' }],
        },
      },
    );
    expect(again.status).toBe('success');
    expect(resumed.visits).toEqual(['depois']);
    expect(again.lastMessage).toMatchObject({ payload: { n: 1, visited: ['depois'] } });
  });
});

describe("an 'Aguardar' not marked to wait outside the run", () => {
  it('sleeps in memory, holding the run, as before', async () => {
    const harness = createHarness();
    const flow: FlowDocument = {
      version: 1,
      nodes: [
        { uid: 'gatilho', type: 'test_trigger', typeVersion: 1, position: at, params: {} },
        {
          uid: 'espera',
          type: 'core_delay',
          typeVersion: 1,
          position: at,
          params: { amount: 20, unit: 'ms' },
        },
      ],
      edges: [{ id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'espera' }],
    };
    const result = await harness.run(flow, {}, { durableWaits: true });
    expect(result.status).toBe('success');
  });
});
