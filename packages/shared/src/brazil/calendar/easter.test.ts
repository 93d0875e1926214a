import { describe, expect, it } from 'vitest';
import { easterSunday } from './easter';

describe('easterSunday', () => {
  it('gives the dates of a published Easter table, extremes included', () => {
    // Astronomical Society of South Australia, "Easter Dating Method" and its table of Easter Sunday dates (Ronald W. Mallen),
    // https://www.assa.org.au/edm — 22 March and 25 April are the earliest and latest possible.
    const table: [number, string][] = [
      [1818, '1818-03-22'],
      [1886, '1886-04-25'],
      [1943, '1943-04-25'],
      [2000, '2000-04-23'],
      [2008, '2008-03-23'],
      [2011, '2011-04-24'],
      [2019, '2019-04-21'],
      [2024, '2024-03-31'],
      [2025, '2025-04-20'],
      [2026, '2026-04-05'],
      [2027, '2027-03-28'],
      [2028, '2028-04-16'],
      [2029, '2029-04-01'],
      [2030, '2030-04-21'],
      [2038, '2038-04-25'],
      [2285, '2285-03-22'],
    ];
    for (const [year, date] of table) expect(easterSunday(year), String(year)).toBe(date);
  });
});
