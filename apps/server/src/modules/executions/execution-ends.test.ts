import { describe, expect, it } from 'vitest';
import { createExecutionEnds, type ExecutionEnd } from './execution-ends';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
  });
const outcome = (steps: number) => ({
  status: 'success' as const,
  endedAt: new Date(),
  durationMs: 1,
  steps,
  error: null,
});

/** A database the test turns off and on: writes are refused while it is off. */
function switchableStore() {
  let up = true;
  const stored: string[] = [];
  const tries: number[] = [];
  return {
    stored,
    tries,
    set up(value: boolean) {
      up = value;
    },
    async write(ends: ExecutionEnd[]) {
      tries.push(ends.length);
      if (!up) throw refused();
      stored.push(...ends.map((end) => end.id));
    },
  };
}

describe('execution ends', () => {
  it('keeps the ends in order while the database is away and writes them when it is back', async () => {
    const store = switchableStore();
    const ends = createExecutionEnds({
      write: (items) => store.write(items),
      minRetryMs: 1,
      maxRetryMs: 4,
    });
    store.up = false;
    const written = ['a', 'b', 'c'].map((id, steps) => ends.record(id, outcome(steps)));
    await new Promise<void>((resolve) => {
      const check = () => (store.tries.length >= 3 ? resolve() : setTimeout(check, 1));
      check();
    });
    expect(store.stored).toEqual([]);
    expect(ends.pendingCount()).toBe(3);
    const later = ends.record('d', outcome(3));
    store.up = true;
    expect(await Promise.all([...written, later])).toEqual([true, true, true, true]);
    expect(store.stored).toEqual(['a', 'b', 'c', 'd']);
    expect(ends.pendingCount()).toBe(0);
  });

  it('rejects at once, without retrying, an end refused for another reason', async () => {
    let tries = 0;
    const ends = createExecutionEnds({
      write: async () => {
        tries++;
        throw Object.assign(new Error('invalid input syntax'), { code: '22P02' });
      },
      onError: () => undefined,
    });
    await expect(ends.record('a', outcome(1))).rejects.toThrow('invalid input syntax');
    expect(tries).toBe(1);
  });

  it('gives up at close what the database still does not take, after one last try', async () => {
    const store = switchableStore();
    const reported: string[] = [];
    const ends = createExecutionEnds({
      write: (items) => store.write(items),
      onError: (error) => reported.push((error as Error).message),
      minRetryMs: 60_000,
    });
    store.up = false;
    const written = ends.record('a', outcome(1));
    await new Promise<void>((resolve) => {
      const check = () => (store.tries.length >= 1 ? resolve() : setTimeout(check, 1));
      check();
    });
    await ends.close();
    expect(await written).toBe(false);
    expect(store.tries.length).toBe(2);
    expect(reported).toEqual([
      '1 fim(ns) de execução não gravado(s): o banco de dados não respondeu (a).',
    ]);
  });

  it('keeps at most maxPending ends, giving up the oldest', async () => {
    const store = switchableStore();
    store.up = false;
    const ends = createExecutionEnds({
      write: (items) => store.write(items),
      onError: () => undefined,
      maxPending: 2,
      minRetryMs: 1,
      maxRetryMs: 2,
    });
    const first = ends.record('a', outcome(1));
    const rest = [ends.record('b', outcome(2)), ends.record('c', outcome(3))];
    expect(await first).toBe(false);
    store.up = true;
    expect(await Promise.all(rest)).toEqual([true, true]);
    expect(store.stored).toEqual(['b', 'c']);
  });
});
