import { describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from './stream-event';
import { createStreamQueue } from './stream-queue';

const event = (n: number): StreamEvent => ({
  stream: 'security',
  time: new Date(n).toISOString(),
  workspaceId: null,
  kind: 'sign_in_failed',
  userId: null,
  resource: `r${n}`,
  detail: '',
  ip: null,
});

function counters() {
  const totals = { sent: 0, failed: 0, dropped: 0 };
  return {
    totals,
    sent: (_s: string, n: number) => void (totals.sent += n),
    failed: (_s: string, n: number) => void (totals.failed += n),
    dropped: (_s: string, n: number) => void (totals.dropped += n),
  };
}

describe('a destination’s queue', () => {
  it('sends in batches of its size, in order', async () => {
    const sent: string[][] = [];
    const count = counters();
    const queue = createStreamQueue({
      send: async (batch) =>
        void sent.push(batch.map((each) => (each as { resource: string }).resource)),
      capacity: 100,
      batchSize: 2,
      intervalMs: 60_000,
      counters: count,
      onFailed: vi.fn(),
    });
    for (const n of [1, 2, 3]) queue.push(event(n));
    await queue.flush();
    expect(sent).toEqual([['r1', 'r2'], ['r3']]);
    expect(count.totals).toEqual({ sent: 3, failed: 0, dropped: 0 });
  });

  it('counts the batch on its way as held until the destination takes it', async () => {
    let answer!: (ok: boolean) => void;
    const queue = createStreamQueue({
      send: () =>
        new Promise<void>((resolve, reject) => {
          answer = (ok) => (ok ? resolve() : reject(new Error('fora do ar')));
        }),
      capacity: 10,
      batchSize: 10,
      intervalMs: 60_000,
      minRetryMs: 60_000,
      counters: counters(),
      onFailed: vi.fn(),
    });
    for (const n of [1, 2, 3]) queue.push(event(n));
    const refused = queue.flush();
    expect(queue.size).toBe(3);
    answer(false);
    await refused;
    expect(queue.size).toBe(3);
    const taken = queue.flush();
    expect(queue.size).toBe(3);
    answer(true);
    await taken;
    expect(queue.size).toBe(0);
  });

  it('keeps a failed batch at the head, drops the oldest past its capacity, and at close what it could not send', async () => {
    const count = counters();
    const onFailed = vi.fn();
    const queue = createStreamQueue({
      send: () => Promise.reject(new Error('fora do ar')),
      capacity: 2,
      batchSize: 10,
      intervalMs: 60_000,
      minRetryMs: 60_000,
      counters: count,
      onFailed,
    });
    queue.push(event(1));
    queue.push(event(2));
    await queue.flush();
    expect(onFailed).toHaveBeenCalledOnce();
    queue.push(event(3));
    expect(queue.size).toBe(2);
    expect(count.totals).toEqual({ sent: 0, failed: 2, dropped: 1 });
    await queue.close(1_000);
    expect(queue.size).toBe(0);
    expect(count.totals.dropped).toBe(3);
  });
});
