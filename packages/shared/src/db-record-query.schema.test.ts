import { describe, expect, it } from 'vitest';
import { recordQuerySchema, recordTargetSchema } from './db-record-query.schema';
import { entityFilterSchema, fieldFilterSchema } from './db-tables.schema';
import { messages } from './messages';

describe('record filters', () => {
  it('keeps a boolean filter of the records list instead of reading it as an empty range', () => {
    expect(fieldFilterSchema.parse({ equals: true })).toEqual({ equals: true });
    expect(
      entityFilterSchema.parse({ table: 't', fields: { ativo: { equals: false } } }).fields,
    ).toEqual({ ativo: { equals: false } });
    expect(fieldFilterSchema.safeParse({ contains: 'a', from: 1 }).success).toBe(false);
  });

  it('takes equals of any type for the record nodes, with defaults', () => {
    expect(
      recordQuerySchema.parse({
        filter: { nome: { equals: 'Ana' }, idade: { from: 18 }, saldo: { equals: null } },
      }),
    ).toEqual({
      filter: { nome: { equals: 'Ana' }, idade: { from: 18 }, saldo: { equals: null } },
      limit: 100,
      timezoneOffset: 180,
    });
    expect(recordQuerySchema.safeParse({ limit: 1001 }).success).toBe(false);
  });

  it('refuses an update or delete target without an id or a filter', () => {
    const empty = recordTargetSchema.safeParse({ filter: {} });
    expect(empty.error?.issues[0]?.message).toBe(messages.recordNodes.targetRequired);
    expect(recordTargetSchema.parse({ id: 'r1' })).toEqual({ id: 'r1' });
  });
});
