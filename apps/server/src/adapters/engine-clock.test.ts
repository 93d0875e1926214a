import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxTimerMs, sleepFor } from './engine-ports';

describe('the engine clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits longer than one timer can hold, in steps, to the millisecond', async () => {
    vi.useFakeTimers();
    const days30 = 30 * 86_400_000;
    expect(days30).toBeGreaterThan(maxTimerMs);
    let done = false;
    const sleeping = sleepFor(days30, new AbortController().signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(maxTimerMs);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(days30 - maxTimerMs - 1001);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toBe(true);
  });

  it('ends a long wait at once when the execution stops', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const sleeping = sleepFor(30 * 86_400_000, controller.signal);
    await vi.advanceTimersByTimeAsync(maxTimerMs + 10);
    controller.abort(new Error('Execução interrompida.'));
    await expect(sleeping).rejects.toThrow('Execução interrompida.');
    expect(vi.getTimerCount()).toBe(0);
  });
});
