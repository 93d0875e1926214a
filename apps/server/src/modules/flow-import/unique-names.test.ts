import { describe, expect, it } from 'vitest';
import { withUniqueNames } from './unique-names';

describe('withUniqueNames', () => {
  it('numbers a name the workspace or the file already has, from (2)', () => {
    expect(withUniqueNames(['Pedidos', 'Pedidos', 'Novo'], ['pedidos'], 120)).toEqual([
      'Pedidos (2)',
      'Pedidos (3)',
      'Novo',
    ]);
  });

  it('keeps the suffix inside the name limit and names an empty one', () => {
    expect(withUniqueNames(['abcdef'], ['abcdef'], 6)).toEqual(['ab (2)']);
    expect(withUniqueNames(['  '], [], 120)).toEqual(['Flow importado']);
  });
});
