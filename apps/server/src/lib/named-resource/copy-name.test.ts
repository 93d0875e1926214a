import { describe, expect, it } from 'vitest';
import { limits } from '@ponte/shared/limits';
import { copyName } from './copy-name';

describe('copyName', () => {
  it('adds the suffix to a short name', () => {
    expect(copyName('Pedidos', 120)).toBe('Pedidos (cópia)');
  });

  it('shortens a name at the limit so that the whole suffix fits', () => {
    const name = 'a'.repeat(limits.flowNameMax);
    const copy = copyName(name, limits.flowNameMax);
    expect(copy).toHaveLength(limits.flowNameMax);
    expect(copy.endsWith(' (cópia)')).toBe(true);
    expect(copy).toBe(`${'a'.repeat(limits.flowNameMax - 8)} (cópia)`);
  });

  it('leaves a name that fits with the suffix whole, one character more is cut', () => {
    expect(copyName('b'.repeat(12), 20)).toBe(`${'b'.repeat(12)} (cópia)`);
    expect(copyName('b'.repeat(13), 20)).toBe(`${'b'.repeat(12)} (cópia)`);
  });

  it('keeps accents of the name', () => {
    expect(copyName('Saudação', 120)).toBe('Saudação (cópia)');
  });
});
