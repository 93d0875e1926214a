import { describe, expect, it } from 'vitest';
import { formatBrDate, parseBrDate } from './dates';

describe('Brazilian dates', () => {
  it('reads DD/MM/YYYY as the day, and with a time as the instant in São Paulo', () => {
    expect(parseBrDate('25/12/2026')).toBe('2026-12-25');
    expect(parseBrDate(' 25/12/2026 10:30 ')).toBe('2026-12-25T13:30:00.000Z');
    expect(parseBrDate('25/12/2026 10:30:15')).toBe('2026-12-25T13:30:15.000Z');
    // Summer time (UTC-2) was still in force in January 2018 (Decreto 9.242/2017 ended it in 2019).
    expect(parseBrDate('15/01/2018 12:00')).toBe('2018-01-15T14:00:00.000Z');
  });

  it('refuses days and times that do not exist, and other shapes', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2025',
      '25/13/2026',
      '25/12/2026 24:00',
      '2026-12-25',
      '5/1/2026',
      '25/12/26',
    ])
      expect(parseBrDate(text), text).toBeNull();
    expect(parseBrDate('29/02/2028')).toBe('2028-02-29');
  });

  it('writes an instant as the day São Paulo saw, and a bare date as that day', () => {
    expect(formatBrDate('2026-12-25T03:00:00Z')).toBe('25/12/2026');
    expect(formatBrDate('2026-12-25T02:59:00Z')).toBe('24/12/2026');
    expect(formatBrDate('2026-12-25T02:59:00Z', true)).toBe('24/12/2026 23:59');
    expect(formatBrDate('2026-12-25')).toBe('25/12/2026');
    expect(formatBrDate(Date.UTC(2026, 11, 25, 15, 5), true)).toBe('25/12/2026 12:05');
    for (const value of ['amanhã', '2026-02-30', '25/12/2026', 'Infinity'])
      expect(formatBrDate(value), value).toBeNull();
  });
});
