import { describe, expect, it } from 'vitest';
import { diffValues, sameValue } from './value-diff';

describe('diffValues', () => {
  it('finds nothing between equal documents, key order aside', () => {
    expect(diffValues({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toEqual([]);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });

  it('names each leaf that was added, removed or changed, with its path', () => {
    const before = { name: 'Pedidos', fields: [{ key: 'nome' }, { key: 'cpf' }], limit: 5 };
    const after = { name: 'Pedidos 2', fields: [{ key: 'nome' }], limit: 5, color: 'azul' };
    expect(diffValues(before, after)).toEqual([
      { path: ['name'], kind: 'changed', before: 'Pedidos', after: 'Pedidos 2' },
      { path: ['fields', 1], kind: 'removed', before: { key: 'cpf' } },
      { path: ['color'], kind: 'added', after: 'azul' },
    ]);
  });

  it('takes a change of type as a change of the whole value', () => {
    expect(diffValues({ a: [1] }, { a: { 0: 1 } })).toEqual([
      { path: ['a'], kind: 'changed', before: [1], after: { 0: 1 } },
    ]);
  });
});
