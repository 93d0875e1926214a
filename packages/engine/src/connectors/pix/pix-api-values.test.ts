import { describe, expect, it } from 'vitest';
import { pixAmount, pixMoment } from './pix-api-values';

// Schemas Inicio/Fim of the Pix API (https://github.com/bacen/pix-api, openapi.yaml v2.9.0) are
// RFC 3339 date-times (RFC 3339 §5.6: seconds and offset required).
describe('Pix API values', () => {
  it('sends a moment without offset in Brasília time, with seconds', () => {
    expect(pixMoment('31/12/2026 18:00', 'Fim')).toBe('2026-12-31T18:00:00-03:00');
    expect(pixMoment('2026-12-31T18:00', 'Fim')).toBe('2026-12-31T18:00:00-03:00');
    expect(pixMoment('2026-12-31T18:00:30.5', 'Fim')).toBe('2026-12-31T18:00:30.5-03:00');
    expect(pixMoment('2026-12-31T21:00:00Z', 'Fim')).toBe('2026-12-31T21:00:00Z');
    expect(pixMoment('2026-12-31T18:00:00+0000', 'Fim')).toBe('2026-12-31T18:00:00+00:00');
  });

  it('refuses a day or a time that does not exist, in pt-BR', () => {
    expect(() => pixMoment('31/02/2026', 'Início')).toThrow(
      'Início: a data ou a hora não existe ("31/02/2026").',
    );
    expect(() => pixMoment('2026-02-31T10:00:00Z', 'Início')).toThrow(/não existe/);
    expect(() => pixMoment('01/12/2026 24:00', 'Início')).toThrow(/não existe/);
    expect(() => pixMoment('amanhã', 'Início')).toThrow(
      'Início: informe a data como 31/12/2026 18:00 ou 2026-12-31T18:00:00-03:00.',
    );
  });

  it('reads an amount the pt-BR way: the dot groups thousands', () => {
    expect(pixAmount('1.500', 'Valor (R$)')).toBe('1500.00');
    expect(pixAmount('1,50', 'Valor (R$)')).toBe('1.50');
    expect(pixAmount('1.234,56', 'Valor (R$)')).toBe('1234.56');
    expect(pixAmount('1234.56', 'Valor (R$)')).toBe('1234.56');
  });
});
