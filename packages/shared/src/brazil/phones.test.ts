import { describe, expect, it } from 'vitest';
import { brazilianAreaCodes, isLandline, isMobile } from './phones';

describe('area codes', () => {
  it('are the 67 ANATEL assigns, and only those', () => {
    expect(brazilianAreaCodes).toHaveLength(67);
    expect(new Set(brazilianAreaCodes).size).toBe(67);
    for (const missing of [10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56, 60, 70, 72, 76, 78])
      expect(brazilianAreaCodes, String(missing)).not.toContain(missing);
  });

  it('refuses a phone whose area code does not exist', () => {
    for (const phone of ['(20) 3333-4444', '(23) 3333-4444', '(52) 3333-4444', '(10) 3333-4444'])
      expect(isLandline(phone), phone).toBe(false);
    for (const phone of ['(20) 91234-5678', '(36) 91234-5678', '(70) 91234-5678'])
      expect(isMobile(phone), phone).toBe(false);
  });
});

describe('phones as people type them', () => {
  it('accepts a mobile with +55, 55, spaces or a hyphen', () => {
    for (const phone of [
      '(11) 91234-5678',
      '(11) 91234 5678',
      '11 91234 5678',
      '11912345678',
      '+55 11 91234-5678',
      '+55 (11) 91234-5678',
      '+5511912345678',
      '55 11 91234 5678',
      '5511912345678',
      '(55) 91234-5678',
      '55912345678',
    ])
      expect(isMobile(phone), phone).toBe(true);
  });

  it('accepts a landline the same ways', () => {
    for (const phone of [
      '(11) 3333-4444',
      '(11) 3333 4444',
      '1133334444',
      '+55 11 3333-4444',
      '551133334444',
      '(55) 3333-4444',
    ])
      expect(isLandline(phone), phone).toBe(true);
  });

  it('tells landlines from mobiles and refuses other lengths', () => {
    expect(isLandline('(11) 91234-5678')).toBe(false);
    expect(isMobile('(11) 3333-4444')).toBe(false);
    expect(isMobile('(11) 81234-5678')).toBe(false);
    expect(isLandline('(11) 6333-4444')).toBe(false);
    for (const phone of ['+54 11 91234-5678', '+55 11 91234-56789', '1191234567', '(11 91234-5678'])
      expect(isMobile(phone), phone).toBe(false);
  });
});
