import { describe, expect, it } from 'vitest';
import type { TableField } from '@ponte/shared/db-tables.schema';
import { byCurrentNames, currentName } from './field-names';

const field = (name: string, previous_names?: string[]): TableField => ({
  name,
  label: name,
  type: 'string',
  length: 10,
  default_value: null,
  is_unique: false,
  is_required: false,
  position: 0,
  ...(previous_names ? { previous_names } : {}),
});

describe('names saved before a rename', () => {
  const fields = [field('email', ['mail', 'correio']), field('nome')];

  it('reach the field that had them', () => {
    expect(currentName(fields, 'mail')).toBe('email');
    expect(currentName(fields, 'nome')).toBe('nome');
    expect(currentName(fields, 'sumiu')).toBe('sumiu');
  });

  it('key a saved filter by the current names; a current name wins', () => {
    expect(byCurrentNames(fields, { mail: { contains: 'a' }, nome: { contains: 'b' } })).toEqual({
      email: { contains: 'a' },
      nome: { contains: 'b' },
    });
    expect(byCurrentNames(fields, { mail: 1, email: 2 })).toEqual({ email: 2 });
  });
});
