import { describe, expect, it } from 'vitest';
import { formatDateTime, truncate } from './format';

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
});

describe('truncate', () => {
  it('cuts group names at 30 characters plus ...', () => {
    expect(truncate('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}...`);
    expect(truncate('a'.repeat(30), 30)).toBe('a'.repeat(30));
  });
});
