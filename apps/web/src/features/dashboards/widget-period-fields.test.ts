import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './widget-period-fields';

describe('custom widget periods', () => {
  it('reads what a person types as São Paulo time and stores it in UTC', () => {
    expect(fromLocalInput('2026-03-10T00:00')).toBe('2026-03-10T03:00:00Z');
    expect(fromLocalInput('2026-03-10T22:30')).toBe('2026-03-11T01:30:00Z');
    expect(fromLocalInput('')).toBeNull();
  });

  it('shows a stored UTC date on São Paulo wall clock', () => {
    expect(toLocalInput('2026-03-11T01:30:00Z')).toBe('2026-03-10T22:30');
    expect(toLocalInput(null)).toBe('');
  });
});
