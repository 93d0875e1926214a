import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import type { TableField } from '@ponte/shared/db-tables.schema';
import { fromFormValue, toFormValue } from './record-values';

const numberField = (type: 'integer' | 'float'): TableField => ({
  name: 'valor',
  label: 'Valor',
  type,
  length: null,
  default_value: null,
  is_unique: false,
  is_required: false,
  position: 0,
});
const float = numberField('float');
const integer = numberField('integer');

describe('numbers in the record editor', () => {
  it('reads decimals as Brazilians type them (docs/adr/0077)', () => {
    const cases: [string, number][] = [
      ['1.234,56', 1234.56],
      ['1234,56', 1234.56],
      ['1234.56', 1234.56],
      ['-1.234', -1234],
      ['1.234.567,89', 1234567.89],
      ['0,5', 0.5],
    ];
    for (const [text, value] of cases) expect(fromFormValue(float, text), text).toEqual({ value });
  });

  it('reads whole numbers grouped by dots, and refuses decimals and garbage', () => {
    expect(fromFormValue(integer, '1.234')).toEqual({ value: 1234 });
    expect(fromFormValue(integer, '1.000.000')).toEqual({ value: 1000000 });
    expect(fromFormValue(integer, '3,5')).toEqual({
      error: messages.records.fieldInteger('Valor'),
    });
    for (const text of ['12 reais', '1,234.56', '1.23.4'])
      expect(fromFormValue(float, text), text).toEqual({
        error: messages.records.fieldFloat('Valor'),
      });
  });

  it('shows a stored number as the list does, and reads it back unchanged', () => {
    for (const value of [1234.56, -1234567.89, 0.1 + 0.2, 1e-7, 1e-25, 1234]) {
      const shown = toFormValue(float, value) as string;
      expect(fromFormValue(float, shown), shown).toEqual({ value });
    }
    expect(toFormValue(float, 1234.56)).toBe('1.234,56');
    expect(toFormValue(integer, 1234)).toBe('1.234');
  });
});
