import { describe, expect, it } from 'vitest';
import { countTicks, timeTickInterval } from './chart-ticks';

describe('countTicks', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [5, [0, 1, 2, 3, 4, 5]],
    [6, [0, 2, 4, 6]],
    [7, [0, 2, 4, 6, 8]],
    [13, [0, 5, 10, 15]],
    [42, [0, 10, 20, 30, 40, 50]],
    [230, [0, 50, 100, 150, 200, 250]],
  ])('gives whole, evenly spaced ticks covering %i', (max, ticks) => {
    expect(countTicks(max)).toEqual(ticks);
  });

  it('never gives fractions or uneven steps', () => {
    for (let max = 0; max <= 2000; max += 7) {
      const ticks = countTicks(max);
      const step = ticks[1]!;
      expect(Number.isInteger(step)).toBe(true);
      expect(ticks.every((tick, index) => tick === index * step)).toBe(true);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });
});

describe('timeTickInterval', () => {
  it('shows every label of a short series and every 10th minute of an hour', () => {
    expect(timeTickInterval(5)).toBe(0);
    expect(timeTickInterval(60)).toBe(9);
  });
});
