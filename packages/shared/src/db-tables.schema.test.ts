import { describe, expect, it } from 'vitest';
import { entityFilterSchema, fieldFilterSchema } from './db-tables.schema';

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
