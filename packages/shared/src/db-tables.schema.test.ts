import { describe, expect, it } from 'vitest';
import { entityFilterSchema, fieldFilterSchema, tableBodySchema } from './db-tables.schema';
import { messages } from './messages';

describe('fieldFilterSchema', () => {
  it('keeps each kind of filter as sent', () => {
    for (const filter of [
      { contains: 'ana' },
      { from: 18, to: 30 },
      { from: '2026-01-01' },
      { to: null },
      { equals: false },
      { equals: true },
    ])
      expect(fieldFilterSchema.parse(filter)).toEqual(filter);
  });

  it('refuses a filter it does not know instead of reading it as an empty range', () => {
    expect(fieldFilterSchema.safeParse({ equal: true }).success).toBe(false);
    expect(fieldFilterSchema.safeParse({ contains: 'a', equals: true }).success).toBe(false);
  });

  it('reads the records list filter with a boolean filter intact', () => {
    const parsed = entityFilterSchema.parse({ table: 't1', fields: { ativo: { equals: false } } });
    expect(parsed).toEqual({
      table: 't1',
      timezoneOffset: 180,
      fields: { ativo: { equals: false } },
    });
  });
});

describe('tableBodySchema', () => {
  const field = (name: string, previous_name?: string) => ({
    name,
    label: name,
    type: 'integer' as const,
    ...(previous_name ? { previous_name } : {}),
  });

  it('refuses two fields that say they were the same stored field', () => {
    const parsed = tableBodySchema.safeParse({
      name: 'T',
      fields: [field('a', 'x'), field('b', 'x')],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      messages.tables.duplicatePreviousName('x'),
    ]);
  });

  it('counts records in Brazilian Portuguese', () => {
    expect(messages.tables.fieldValuesCount(1)).toBe(
      'Este campo tem valores em 1 registro. Ao salvar a tabela, esses valores serão apagados e não poderão ser recuperados.',
    );
    expect(messages.tables.fieldHasValues('Cidade', 12345)).toBe(
      'O campo "Cidade" tem valores em 12.345 registros: confirme a remoção para apagá-los.',
    );
  });
});
