import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStatusThrottle } from './status-throttle';

/** A workspace whose list is a version number, read by promises the test resolves by hand. */
function setup(throttleMs = 250) {
  let version = 0;
  const reads: { version: number; settled: boolean; resolve: (list: number) => void }[] = [];
  const sent: { list: number; at: number }[] = [];
  const throttle = createStatusThrottle<number>({
    throttleMs,
    read: () => new Promise<number>((resolve) => reads.push({ version, settled: false, resolve })),
    send: (_workspaceId, list) => sent.push({ list, at: Date.now() }),
    listening: () => true,
    onError: (error) => {
      throw error;
    },
  });
  // Each change makes a newer state; a read answers with the state of when it started.
  const change = () => {
    version += 1;
    throttle.changed('ws');
  };
  const answer = async (read: (typeof reads)[number]) => {
    read.settled = true;
    read.resolve(read.version);
    await vi.advanceTimersByTimeAsync(0);
  };
  const unsettled = () => reads.filter((read) => !read.settled);
  return { throttle, reads, sent, change, answer, unsettled, version: () => version };
}

describe('status-list-updated throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends at most one list per 250 ms, and the last state wins', async () => {
    const { reads, sent, change, answer, version } = setup();
    for (let i = 0; i < 10; i++) change();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(1);
    await answer(reads[0]!);
    expect(sent).toEqual([{ list: 10, at: 1_000_000 }]);

    change();
    change();
    await vi.advanceTimersByTimeAsync(249);
    expect(reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toHaveLength(2);
    await answer(reads[1]!);
    expect(sent.at(-1)).toEqual({ list: version(), at: 1_000_250 });
  });

  it('never sends a list older than one it sent before, whatever order the reads end in', async () => {
    const { sent, change, answer, unsettled, version } = setup();
    change();
    await vi.advanceTimersByTimeAsync(0);
    // Changes arrive while a read is slow; the open reads then end newest first.
    for (let round = 0; round < 5; round++) {
      change();
      await vi.advanceTimersByTimeAsync(300);
      for (const read of unsettled().reverse()) await answer(read);
    }
    await vi.advanceTimersByTimeAsync(300);
    while (unsettled().length) {
      for (const read of unsettled().reverse()) await answer(read);
      await vi.advanceTimersByTimeAsync(300);
    }

    const lists = sent.map((s) => s.list);
    expect(lists).toEqual([...lists].sort((a, b) => a - b));
    expect(lists.at(-1)).toBe(version());
    for (let i = 1; i < sent.length; i++)
      expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(250);
  });

  it('reads nothing for a workspace nobody listens to, and nothing after close', async () => {
    const read = vi.fn(() => Promise.resolve([]));
    let listening = false;
    const throttle = createStatusThrottle({
      throttleMs: 250,
      read,
      send: () => {},
      listening: () => listening,
      onError: () => {},
    });
    throttle.changed('ws');
    await vi.runAllTimersAsync();
    expect(read).not.toHaveBeenCalled();
    listening = true;
    throttle.changed('ws');
    throttle.close();
    await vi.runAllTimersAsync();
    expect(read).not.toHaveBeenCalled();
  });
});
