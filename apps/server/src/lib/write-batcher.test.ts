import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from './write-batcher';

describe('write batcher', () => {
  it('writes a lone call at once, and calls made meanwhile together, each with its result', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const firstWrite = new Promise<void>((resolve) => (release = resolve));
    const write = createWriteBatcher(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await firstWrite;
      return items.map((n) => n * 10);
    });

    const first = write(1);
    const later = [write(2), write(3), write(4)];
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects every call of a failed batch and goes on with the next', async () => {
    let fail = true;
    const write = createWriteBatcher(async (items: string[]) => {
      if (fail) {
        fail = false;
        throw new Error('banco indisponível');
      }
      return items.map((item) => item.toUpperCase());
    });
    const failed = write('a');
    const next = write('b');
    await expect(failed).rejects.toThrow('banco indisponível');
    expect(await next).toBe('B');
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const write = createWriteBatcher(async (items: number[]) => {
      sizes.push(items.length);
      return items;
    }, 3);
    await Promise.all(Array.from({ length: 8 }, (_, i) => write(i)));
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
