// The page types into imask the way this test does (docs/adr/0039).
import IMask from 'imask';
import { describe, expect, it } from 'vitest';
import type { FormMask } from '../forms.schema';
import { applyMask, isMaskComplete, maskOptions, maskPlaceholder } from './masks';

/** Types `keys` one by one at the end of the input, as react-imask does; each step's text. */
function typeKeys(mask: FormMask, keys: string, custom?: string): string[] {
  const options = maskOptions(mask, custom);
  if (!options) throw new Error('no mask');
  const masked = IMask.createMask(options);
  return [...keys].map((key) => {
    masked.splice(masked.value.length, 0, key, 'NONE', { input: true, raw: true });
    return masked.value;
  });
}

const typed = (mask: FormMask, keys: string, custom?: string) =>
  typeKeys(mask, keys, custom).at(-1);

describe('built-in masks', () => {
  const cases: [FormMask, string, string, string][] = [
    ['cpf', '52998224725', '529.982.247-25', '000.000.000-00'],
    ['cnpj', '11222333000181', '11.222.333/0001-81', '00.000.000/0000-00'],
    ['phone', '1133334444', '(11) 3333-4444', '(00) 0000-0000'],
    ['mobile', '11987654321', '(11) 98765-4321', '(00) 00000-0000'],
    ['date', '31122025', '31/12/2025', 'DD/MM/AAAA'],
    ['datetime', '311220251430', '31/12/2025 14:30', 'DD/MM/AAAA HH:mm'],
    ['time', '2359', '23:59', 'HH:mm'],
    ['cep', '01310100', '01310-100', '00000-000'],
  ];

  for (const [mask, digits, shown, placeholder] of cases) {
    it(`${mask}: typing and pasting give ${shown}`, () => {
      expect(typed(mask, digits)).toBe(shown);
      expect(applyMask(mask, digits)).toBe(shown);
      expect(applyMask(mask, shown)).toBe(shown);
      expect(isMaskComplete(mask, shown)).toBe(true);
      expect(isMaskComplete(mask, shown.slice(0, -1))).toBe(false);
      expect(isMaskComplete(mask, digits)).toBe(false);
      expect(maskPlaceholder(mask)).toBe(placeholder);
    });
  }

  it('puts the separators in as the digits come and drops what is not a digit', () => {
    expect(typeKeys('cpf', '5299822')).toEqual([
      '5',
      '52',
      '529',
      '529.9',
      '529.98',
      '529.982',
      '529.982.2',
    ]);
    expect(typeKeys('phone', '113')).toEqual(['(1', '(11', '(11) 3']);
    expect(typed('cpf', '529a98')).toBe('529.98');
    expect(applyMask('cep', '01310-100999')).toBe('01310-100');
    expect(applyMask('cpf', 'abc')).toBe('');
  });

  it('cnpj keeps the letters of an alphanumeric CNPJ, upper-cased, and still takes digits', () => {
    expect(typed('cnpj', '12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(typed('cnpj', '12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(applyMask('cnpj', '12.abc.345/01de-35')).toBe('12.ABC.345/01DE-35');
    expect(isMaskComplete('cnpj', '12.ABC.345/01DE-35')).toBe(true);
    // The two check digits are digits: a letter there is dropped.
    expect(typed('cnpj', '12ABC34501DEA')).toBe('12.ABC.345/01DE-');
    expect(isMaskComplete('cnpj', '12.ABC.345/01DE-3A')).toBe(false);
  });

  it('phone masks drop the +55 of a whole number pasted or autofilled, not an area code 55', () => {
    const paste = (mask: FormMask, text: string) => {
      const options = maskOptions(mask);
      if (!options) throw new Error('no mask');
      const m = IMask.createMask(options);
      m.splice(0, 0, text, 'NONE', { input: true, raw: true });
      return m.value;
    };
    expect(paste('mobile', '+55 11 91234-5678')).toBe('(11) 91234-5678');
    expect(paste('mobile', '+55 (11) 91234 5678')).toBe('(11) 91234-5678');
    expect(paste('mobile', '5511912345678')).toBe('(11) 91234-5678');
    expect(paste('phone', '+55 11 3333-4444')).toBe('(11) 3333-4444');
    expect(applyMask('mobile', '+55 11 91234-5678')).toBe('(11) 91234-5678');
    expect(paste('mobile', '(55) 91234-5678')).toBe('(55) 91234-5678');
    expect(paste('phone', '5533334444')).toBe('(55) 3333-4444');
    expect(typed('mobile', '11912345678')).toBe('(11) 91234-5678');
  });

  it('counts an empty value as complete and other text as not', () => {
    expect(isMaskComplete('cpf', '')).toBe(true);
    expect(isMaskComplete('cpf', '529.982.247-25x')).toBe(false);
    expect(isMaskComplete('cep', 'abcde-fgh')).toBe(false);
  });

  it('has no options without a mask, and leaves the value alone', () => {
    expect(maskOptions('')).toBeNull();
    expect(maskOptions('custom', '  ')).toBeNull();
    expect(applyMask('', 'texto livre')).toBe('texto livre');
    expect(isMaskComplete('', 'texto livre')).toBe(true);
    expect(maskPlaceholder('')).toBe('');
  });
});

describe('price masks', () => {
  it('price_brl groups thousands with "." and takes "," as the decimal mark', () => {
    expect(typeKeys('price_brl', '1234,56')).toEqual([
      'R$ 1',
      'R$ 12',
      'R$ 123',
      'R$ 1.234',
      'R$ 1.234,',
      'R$ 1.234,5',
      'R$ 1.234,56',
    ]);
    expect(applyMask('price_brl', '1234,56')).toBe('R$ 1.234,56');
    expect(applyMask('price_brl', 'R$ 1.234,56')).toBe('R$ 1.234,56');
    expect(applyMask('price_brl', '1234')).toBe('R$ 1.234,00');
    expect(applyMask('price_brl', '1234,5')).toBe('R$ 1.234,50');
    expect(typed('price_brl', '1234,567')).toBe('R$ 1.234,56');
    expect(maskPlaceholder('price_brl')).toBe('R$ 1.234,56');
  });

  it('price_usd groups thousands with "," and takes "." as the decimal mark', () => {
    expect(typed('price_usd', '1234567.89')).toBe('$ 1,234,567.89');
    expect(applyMask('price_usd', '1234567.89')).toBe('$ 1,234,567.89');
    expect(applyMask('price_usd', '12')).toBe('$ 12.00');
    expect(maskPlaceholder('price_usd')).toBe('$ 1,234.56');
  });

  it('accepts a price as typed or as committed, and refuses what is not one', () => {
    for (const value of ['R$ 1.234,56', 'R$ 1.234,5', 'R$ 1.234,50', 'R$ 0,99', 'R$ 12'])
      expect(isMaskComplete('price_brl', value), value).toBe(true);
    for (const value of ['R$ abc', 'R$ 1.234,567', 'R$ 1,234.56', 'R$ -5', 'R$ 1,2,3'])
      expect(isMaskComplete('price_brl', value), value).toBe(false);
    expect(isMaskComplete('price_usd', '$ 1,234.56')).toBe(true);
    expect(isMaskComplete('price_usd', '$ 1.234,56')).toBe(false);
  });
});

describe('custom masks', () => {
  it('0 takes a digit, S a letter, A a letter or a digit; the rest is literal', () => {
    expect(typeKeys('custom', 'AB12c', 'SS-00-A')).toEqual(['A', 'AB', 'AB-1', 'AB-12', 'AB-12-c']);
    expect(applyMask('custom', 'AB12c', 'SS-00-A')).toBe('AB-12-c');
    expect(typed('custom', '1A', 'SS-00')).toBe('A');
    expect(typed('custom', 'A1', '00')).toBe('1');
    expect(applyMask('custom', 'abc1234', 'SSS-0A00')).toBe('abc-1234');
    expect(isMaskComplete('custom', 'AB-12-c', 'SS-00-A')).toBe(true);
    expect(isMaskComplete('custom', 'AB-12', 'SS-00-A')).toBe(false);
    expect(maskPlaceholder('custom', 'SS-00-A')).toBe('SS-00-A');
  });

  it('keeps characters imask would read as its own (a, *, {, [, \\) literal', () => {
    expect(typed('custom', '12', 'a*{0}[0]\\')).toBe('a*{1}[2');
    expect(typed('custom', '12]\\', 'a*{0}[0]\\')).toBe('a*{1}[2]\\');
    expect(applyMask('custom', '12', 'a*{0}[0]\\')).toBe('a*{1}[2');
    // Literals after the last slot appear when typed; the value is complete with or without them.
    expect(isMaskComplete('custom', 'a*{1}[2', 'a*{0}[0]\\')).toBe(true);
    expect(isMaskComplete('custom', 'a*{1}[2]\\', 'a*{0}[0]\\')).toBe(true);
    expect(isMaskComplete('custom', 'a*{1}', 'a*{0}[0]\\')).toBe(false);
  });

  it('# takes any number of digits, until the next literal is typed', () => {
    expect(typeKeys('custom', '123-45', '#-00')).toEqual([
      '1',
      '12',
      '123',
      '123-',
      '123-4',
      '123-45',
    ]);
    expect(typed('custom', '12345', '#')).toBe('12345');
    expect(typed('custom', '(9876) a', '(#) S')).toBe('(9876) a');
    expect(isMaskComplete('custom', '123-45', '#-00')).toBe(true);
    expect(isMaskComplete('custom', '12345', '#')).toBe(true);
    expect(isMaskComplete('custom', '123-4', '#-00')).toBe(false);
  });

  it('a number format (#.##0,00, #,##0.00, #0) is a number mask', () => {
    expect(typed('custom', '1234567,89', '#.##0,00')).toBe('1.234.567,89');
    expect(applyMask('custom', '1234567,8', '#.##0,00')).toBe('1.234.567,80');
    expect(typed('custom', '1234567.89', '#,##0.00')).toBe('1,234,567.89');
    expect(typed('custom', '12a345', '#0')).toBe('12345');
    expect(applyMask('custom', '1234', '#.##0')).toBe('1.234');
    expect(applyMask('custom', '1234,5', '#0,00')).toBe('1234,50');
    expect(isMaskComplete('custom', '1.234.567,89', '#.##0,00')).toBe(true);
    expect(isMaskComplete('custom', '1.234,1', '#.##0')).toBe(false);
    expect(maskPlaceholder('custom', '#.##0,00')).toBe('#.##0,00');
  });
});
