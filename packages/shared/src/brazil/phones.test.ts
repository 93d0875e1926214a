import { describe, expect, it } from 'vitest';
import {
  brazilianAreaCodes,
  formatPhoneNational,
  isLandline,
  isMobile,
  phoneToE164,
} from './phones';

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

describe('E.164 and back', () => {
  it('writes a mobile or a landline as E.164 and as Brazil writes it', () => {
    expect(phoneToE164('(11) 98765-4321')).toBe('+5511987654321');
    expect(phoneToE164('55 11 3333 4444')).toBe('+551133334444');
    expect(formatPhoneNational('+5511987654321')).toBe('(11) 98765-4321');
    expect(formatPhoneNational('+551133334444')).toBe('(11) 3333-4444');
  });

  it('gives nothing for a number that is neither', () => {
    for (const phone of [
      '(20) 98765-4321',
      '(11) 6333-4444',
      '(11) 88765-4321',
      '+54 11 98765-4321',
    ])
      expect(phoneToE164(phone), phone).toBeNull();
    expect(formatPhoneNational('123')).toBeNull();
  });
});
