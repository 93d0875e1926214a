import { afterAll, describe, expect, it } from 'vitest';
import { createIsolatePool, perWorkspaceCap, type PooledIsolate } from './isolate-pool';

const pool = createIsolatePool(2, 16);
afterAll(() => pool.dispose());

describe('isolate pool shared between workspaces', () => {
  it('lets one workspace hold at most half the isolates, at least one', () => {
    expect([1, 2, 3, 4, 5].map(perWorkspaceCap)).toEqual([1, 1, 2, 2, 3]);
  });

  it('keeps an isolate for another workspace and serves waiting workspaces in turn', async () => {
    const served: string[] = [];
    const ask = (workspaceId: string) =>
      pool.acquire(workspaceId).then((isolate) => {
        served.push(workspaceId);
        return isolate;
      });
    const a1 = await ask('a');
    const a2 = ask('a');
    const a3 = ask('a');
    // A is at its cap: the second isolate goes to C at once, though A asked first.
    const c1 = await ask('c');
    const b1 = ask('b');
    expect(pool.holding()).toEqual({ a: 1, c: 1 });

    pool.release(a1, 'a'); // A's turn (it has waited longest), then B's, then A's again
    const a2Isolate = await a2;
    pool.release(c1, 'c');
    const b1Isolate = await b1;
    expect(served).toEqual(['a', 'c', 'a', 'b']);
    pool.release(a2Isolate, 'a');
    pool.release((await a3) as PooledIsolate, 'a');
    pool.release(b1Isolate, 'b');
    expect(pool.holding()).toEqual({});
  });

  it('drops a waiting run whose signal aborts, so it never holds an isolate', async () => {
    const held = await pool.acquire('a');
    const stop = new AbortController();
    const waiting = pool.acquire('a', stop.signal);
    stop.abort(new Error('parado'));
    await expect(waiting).rejects.toThrow('parado');
    pool.release(held, 'a');
    expect(pool.holding()).toEqual({});
  });
});
