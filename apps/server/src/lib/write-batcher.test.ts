import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from './write-batcher';

describe('write batcher', () => {
  it('writes the calls of one turn together, and calls made meanwhile in the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const firstWrite = new Promise<void>((resolve) => (release = resolve));
    const write = createWriteBatcher(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await firstWrite;
      return items.map((n) => n * 10);
    });

    const first = [write(1), write(2)];
    expect(batches).toEqual([]); // written after this turn, so that its other calls join
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    const later = [write(3), write(4), write(5)];
    release();
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(await Promise.all(later)).toEqual([30, 40, 50]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('writes a lone call on its own, without waiting for company', async () => {
    const batches: string[][] = [];
    const write = createWriteBatcher(async (items: string[]) => {
      batches.push(items);
      return items;
    });
    expect(await write('só')).toBe('só');
    expect(await write('outra')).toBe('outra');
    expect(batches).toEqual([['só'], ['outra']]);
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
    const failed = [write('a'), write('b')];
    await expect(failed[0]).rejects.toThrow('banco indisponível');
    await expect(failed[1]).rejects.toThrow('banco indisponível');
    expect(await write('c')).toBe('C');
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const write = createWriteBatcher(async (items: number[]) => {
      sizes.push(items.length);
      return items;
    }, 3);
    await Promise.all(Array.from({ length: 8 }, (_, i) => write(i)));
    expect(sizes).toEqual([3, 3, 2]);
  });
});
