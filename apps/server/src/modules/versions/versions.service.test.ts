import { describe, expect, it } from 'vitest';
import { changeTime } from './versions.service';

describe('changeTime', () => {
  it('says the hour of a change made today in São Paulo, and the date of an older one', () => {
    const now = new Date('2026-11-28T20:00:00Z');
    expect(changeTime(new Date('2026-11-28T17:42:00Z'), now)).toBe('14:42');
    // 01:30 UTC on the 28th is still the 27th in São Paulo.
    expect(changeTime(new Date('2026-11-28T01:30:00Z'), now)).toBe('22:30 de 27/11/2026');
  });
});
