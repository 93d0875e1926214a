import { describe, expect, it } from 'vitest';
import { dueDateOfFactor, factorOfDueDate } from './due-date-factor';

/**
 * The table of factors the banks' boleto specifications publish (base 07/10/1997; 1000 =
 * 03/07/2000, 1002 = 05/07/2000, 1667 = 01/05/2002, 4789 = 17/11/2010, 9999 = 21/02/2025), as
 * reproduced in "A linha digitável do boleto bancário"
 * (http://mhemann.com.br/2011/06/a-linha-digitavel-do-boleto-bancario/), and FEBRABAN's
 * restart of the count on 22/02/2025 (factor 1000 again after 9999).
 */
describe('due-date factor', () => {
  it("reads the banks' published table in the first cycle", () => {
    const before = '2001-01-01';
    expect(dueDateOfFactor(1000, before)).toBe('2000-07-03');
    expect(dueDateOfFactor(1002, before)).toBe('2000-07-05');
    expect(dueDateOfFactor(1667, before)).toBe('2002-05-01');
    expect(dueDateOfFactor(4789, before)).toBe('2010-11-17');
    expect(dueDateOfFactor(9999, before)).toBe('2025-02-21');
    expect(factorOfDueDate('2010-11-17')).toBe(4789);
    expect(factorOfDueDate('2000-07-03')).toBe(1000);
  });

  it('restarts at 1000 on 22/02/2025, the day after factor 9999', () => {
    const now = '2026-11-30';
    expect(dueDateOfFactor(9999, now)).toBe('2025-02-21');
    expect(dueDateOfFactor(1000, now)).toBe('2025-02-22');
    expect(dueDateOfFactor(1001, now)).toBe('2025-02-23');
    expect(factorOfDueDate('2025-02-21')).toBe(9999);
    expect(factorOfDueDate('2025-02-22')).toBe(1000);
    expect(factorOfDueDate('2026-12-25')).toBe(1671);
    expect(dueDateOfFactor(1671, now)).toBe('2026-12-25');
  });

  it('places a factor within 3 000 days before and 6 000 after the reference day', () => {
    // Factor 3737: 31/12/2007 in the first cycle, 21/08/2032 in the second.
    expect(dueDateOfFactor(3737, '2008-01-10')).toBe('2007-12-31');
    expect(dueDateOfFactor(3737, '2015-12-31')).toBe('2007-12-31');
    expect(dueDateOfFactor(3737, '2016-03-31')).toBe('2032-08-21');
    expect(dueDateOfFactor(3737, Date.UTC(2026, 10, 30, 12))).toBe('2032-08-21');
  });

  it('has no date for 0000 and for factors that are never issued', () => {
    expect(dueDateOfFactor(0, '2026-11-30')).toBeNull();
    expect(dueDateOfFactor(999, '2026-11-30')).toBeNull();
    expect(factorOfDueDate('2000-07-02')).toBeNull();
  });
});
