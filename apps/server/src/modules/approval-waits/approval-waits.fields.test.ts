import { describe, expect, it } from 'vitest';
import type { ApprovalField } from '@ponte/shared/approval-requests.schema';
import { fieldValues } from './approval-waits.service';

const field = (label: string, type: ApprovalField['type'], required = false): ApprovalField => ({
  key: label,
  label,
  type,
  required,
});

describe('the fields of an approval answer', () => {
  it('asks for a required yes/no ticked to approve, as the page does, and not to reject', () => {
    const fields = [field('Li a política', 'boolean', true)];
    expect(() => fieldValues(fields, { 'Li a política': false }, true)).toThrow(
      'Preencha "Li a política" para aprovar.',
    );
    expect(fieldValues(fields, { 'Li a política': true }, true)).toEqual({
      'Li a política': true,
    });
    expect(fieldValues(fields, { 'Li a política': false }, false)).toEqual({});
  });

  it("reads only the answer's own keys: a field named like an object's method stays empty", () => {
    const fields = [field('constructor', 'text', true), field('toString', 'text')];
    expect(() => fieldValues(fields, {}, true)).toThrow('Preencha "constructor" para aprovar.');
    expect(fieldValues(fields, { constructor: 'x' }, true)).toEqual({ constructor: 'x' });
  });

  it('refuses a number typed as text and a date that does not exist', () => {
    expect(() => fieldValues([field('Valor', 'number')], { Valor: '1.234,56' }, true)).toThrow(
      '"Valor" deve ser um número.',
    );
    expect(() => fieldValues([field('Entrega', 'date')], { Entrega: '2026-02-30' }, true)).toThrow(
      '"Entrega" deve ser uma data válida (DD/MM/AAAA).',
    );
  });
});
