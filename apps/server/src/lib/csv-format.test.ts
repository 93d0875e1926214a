import { describe, expect, it } from 'vitest';
import { csvFormats, isoDatetime, neutralize, plainNumber } from './csv-format';

describe('plainNumber', () => {
  it('writes every digit without an exponent, which a spreadsheet would misread', () => {
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(1.5e22)).toBe('15000000000000000000000');
    expect(plainNumber(-1e-7)).toBe('-0.0000001');
    expect(plainNumber(1.25e-8)).toBe('0.0000000125');
    expect(plainNumber(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(plainNumber(-42)).toBe('-42');
    expect(Number(plainNumber(1.7976931348623157e308))).toBe(1.7976931348623157e308);
    expect(Number(plainNumber(5e-324))).toBe(5e-324);
  });
});

describe('csvFormats', () => {
  const { excel, csv } = csvFormats;

  it('Excel (Brasil): decimal comma, Sim/Não, São Paulo dates', () => {
    expect(excel.delimiter).toBe(';');
    expect(excel.bom).toBe(true);
    expect(excel.number(-1234.5)).toBe('-1234,5');
    expect(excel.number(2e-7)).toBe('0,0000002');
    expect([excel.boolean(true), excel.boolean(false)]).toEqual(['Sim', 'Não']);
    expect(excel.datetime('2024-07-01T03:04:05Z')).toBe('01/07/2024 00:04:05');
    expect(excel.date('2024-07-01')).toBe('01/07/2024');
  });

  it('CSV padrão: decimal point, true/false, ISO 8601 at the offset of the instant', () => {
    expect(csv.delimiter).toBe(',');
    expect(csv.bom).toBe(false);
    expect(csv.number(-1234.5)).toBe('-1234.5');
    expect([csv.boolean(true), csv.boolean(false)]).toEqual(['true', 'false']);
    expect(csv.datetime('2024-07-01T03:04:05Z')).toBe('2024-07-01T00:04:05-03:00');
    expect(isoDatetime('2019-01-15T12:00:00.000Z')).toBe('2019-01-15T10:00:00-02:00');
    expect(csv.date('2024-07-01')).toBe('2024-07-01');
  });

  it('neutralises formulas in both, reversibly', () => {
    expect(neutralize('=1+1')).toBe("'=1+1");
    expect(neutralize("'=1+1")).toBe("''=1+1");
    expect(neutralize('Não')).toBe('Não');
  });
});
