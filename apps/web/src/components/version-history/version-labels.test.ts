import { describe, expect, it } from 'vitest';
import { labelOfPath } from './version-labels';

const labels = { name: 'Nome', fields: 'Campos', 'fields.*': 'Campo', 'fields.*.label': 'Label' };

describe('labelOfPath', () => {
  it('names each part of a path, an item of a list by its number from 1', () => {
    expect(labelOfPath(['name'], labels)).toBe('Nome');
    expect(labelOfPath(['fields', 1, 'label'], labels)).toBe('Campo 2 › Label');
    expect(labelOfPath(['fields', 0], labels)).toBe('Campo 1');
  });

  it('falls back to the key, and to "item N" for an unnamed list', () => {
    expect(labelOfPath(['fields', 0, 'options', 2, 'value'], labels)).toBe(
      'Campo 1 › options › item 3 › value',
    );
    expect(labelOfPath([], labels)).toBe('Conteúdo inteiro');
  });
});
