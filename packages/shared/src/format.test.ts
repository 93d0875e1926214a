import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDateTime,
  formatDateTimeMinutes,
  formatDuration,
  formatElapsed,
  truncate,
} from './format';

describe('formatDateTime', () => {
  it('writes DD/MM/YYYY HH:mm:ss in America/Sao_Paulo', () => {
    expect(formatDateTime('2026-01-15T12:34:56Z')).toBe('15/01/2026 09:34:56');
    expect(formatDateTime('2026-03-01T02:00:00.000Z')).toBe('28/02/2026 23:00:00');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatDateTime('2026-05-10T03:00:00Z')).toBe('10/05/2026 00:00:00');
  });

  it('returns an empty text for missing or invalid dates', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('writes DD/MM/YYYY HH:mm when the seconds do not matter', () => {
    expect(formatDateTimeMinutes('2026-01-15T12:34:56Z')).toBe('15/01/2026 09:34');
    expect(formatDateTimeMinutes(null)).toBe('');
  });
});

describe('truncate', () => {
  it('cuts group names at 30 characters plus ...', () => {
    expect(truncate('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}...`);
    expect(truncate('a'.repeat(30), 30)).toBe('a'.repeat(30));
  });
});

describe('formatDuration', () => {
  it('reads in ms under 1000 ms', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(999)).toBe('999 ms');
  });

  it('reads as Xh Ym Zs from 1000 ms on, with all three parts', () => {
    expect(formatDuration(1000)).toBe('0h 0m 1s');
    expect(formatDuration(1500)).toBe('0h 0m 1s');
    expect(formatDuration(61_000)).toBe('0h 1m 1s');
    expect(formatDuration(3_723_000)).toBe('1h 2m 3s');
    expect(formatDuration(26 * 3_600_000)).toBe('26h 0m 0s');
  });
});

describe('formatElapsed', () => {
  it('writes HH:mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(59_999)).toBe('00:00:59');
    expect(formatElapsed(3_723_000)).toBe('01:02:03');
    expect(formatElapsed(100 * 3_600_000)).toBe('100:00:00');
  });

  it('never goes below zero (a clock a little behind the server)', () => {
    expect(formatElapsed(-5000)).toBe('00:00:00');
  });
});

describe('formatBytes', () => {
  it('picks B, KB, MB, GB or TB with 2 decimals', () => {
    expect(formatBytes(512)).toBe('512,00 B');
    expect(formatBytes(1536)).toBe('1,50 KB');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300,00 MB');
    expect(formatBytes(8 * 1024 ** 3)).toBe('8,00 GB');
    expect(formatBytes(2 * 1024 ** 4)).toBe('2,00 TB');
    expect(formatBytes(4096 * 1024 ** 4)).toBe('4.096,00 TB');
  });
});
