import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicTask } from './periodic-task';

describe('createPeriodicTask', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a pass at start, then one per interval, and none after stop', async () => {
    vi.useFakeTimers();
    let passes = 0;
    const task = createPeriodicTask(async () => ++passes, { intervalMs: 1000, onError: vi.fn() });
    task.start();
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(passes).toBe(3);
    await task.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(3);
  });

  it('joins a pass under way instead of starting a second, and stop waits for it', async () => {
    let release!: () => void;
    let passes = 0;
    const task = createPeriodicTask(
      () => {
        passes++;
        return new Promise<number>((resolve) => (release = () => resolve(passes)));
      },
      { intervalMs: 60_000, onError: vi.fn() },
    );
    const first = task.runOnce();
    const second = task.runOnce();
    expect(passes).toBe(1);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await expect(first).resolves.toBe(1);
    await expect(second).resolves.toBe(1);
    await stopping;
    expect(stopped).toBe(true);
  });

  it('reports a failed pass and runs the next one', async () => {
    vi.useFakeTimers();
    const onError = vi.fn();
    let passes = 0;
    const task = createPeriodicTask(
      async () => {
        if (++passes === 1) throw new Error('banco fora do ar');
        return passes;
      },
      { intervalMs: 1000, onError },
    );
    task.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onError).toHaveBeenCalledWith(new Error('banco fora do ar'));
    expect(passes).toBe(2);
    await task.stop();
  });
});
