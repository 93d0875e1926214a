import { describe, expect, it } from 'vitest';
import { parseBrInteger, parseBrNumber, formatBrl } from './numbers';

describe('parseBrNumber', () => {
  it('reads numbers as Brazilians type them: decimal comma, dots grouping thousands', () => {
    const cases: [string, number][] = [
      ['1.234,56', 1234.56],
      ['1234,56', 1234.56],
      ['-1.234', -1234],
      ['1.234.567,89', 1234567.89],
      ['0,5', 0.5],
      [',5', 0.5],
      ['-0,75', -0.75],
      ['+12,5', 12.5],
      ['  1.234,56  ', 1234.56],
      ['12,', 12],
    ];
    for (const [text, number] of cases) expect(parseBrNumber(text), text).toBe(number);
  });

  it('reads "1.234" as the records list writes 1234 (thousands), other dots as decimals', () => {
    expect(parseBrNumber('1.234')).toBe(1234);
    expect(parseBrNumber('1.234.567')).toBe(1234567);
    expect((1234).toLocaleString('pt-BR')).toBe('1.234');
    expect(parseBrNumber((1234567.89).toLocaleString('pt-BR'))).toBe(1234567.89);
    expect(parseBrNumber('1234.56')).toBe(1234.56);
    expect(parseBrNumber('1.5')).toBe(1.5);
    expect(parseBrNumber('0.123')).toBe(0.123);
    expect(parseBrNumber('1.2345')).toBe(1.2345);
    expect(parseBrNumber('-3')).toBe(-3);
    expect(parseBrNumber('.5')).toBe(0.5);
    expect(parseBrNumber('1e-7')).toBe(1e-7);
    expect(parseBrNumber('2.5E3')).toBe(2500);
  });

  it('refuses what is not a number', () => {
    for (const text of [
      '',
      ' ',
      'abc',
      '12a',
      '1,234.56',
      '1.23.4',
      '1.234.56',
      '1.23,4',
      '1,2,3',
      '--3',
      '1 234',
      ',',
      '.',
      '-',
      'R$ 12',
      'Infinity',
      'NaN',
      '0x10',
      '1e999',
    ])
      expect(parseBrNumber(text), text).toBeNull();
  });
});

describe('parseBrInteger', () => {
  it('takes whole numbers, grouped or not, and refuses decimals and unsafe sizes', () => {
    expect(parseBrInteger('1.234')).toBe(1234);
    expect(parseBrInteger('-1.234.567')).toBe(-1234567);
    expect(parseBrInteger('42')).toBe(42);
    expect(parseBrInteger('1,5')).toBeNull();
    expect(parseBrInteger('1234.5')).toBeNull();
    expect(parseBrInteger('99999999999999999')).toBeNull();
    expect(parseBrInteger('dez')).toBeNull();
  });
});

describe('formatBrl', () => {
  it('writes reais with the thousands dot, the decimal comma and a plain space', () => {
    expect(formatBrl(1234.5)).toBe('R$ 1.234,50');
    expect(formatBrl(1_000_000)).toBe('R$ 1.000.000,00');
    expect(formatBrl(-0.5)).toBe('-R$ 0,50');
    expect(formatBrl(0)).toBe('R$ 0,00');
    expect(parseBrNumber(formatBrl(1234.56).slice(3))).toBe(1234.56);
  });
});
