import { describe, expect, it } from 'vitest';
import { storableJson, storableJsonText, storableText } from './storable-text';

describe('storable text', () => {
  it('replaces NUL and lone surrogates by U+FFFD, keeping pairs', () => {
    expect(storableText('a\u0000b\uD800c\uDFFFd😀')).toBe('a\uFFFDb\uFFFDc\uFFFDd😀');
    expect(storableText('sem nada')).toBe('sem nada');
  });

  it('cleans JSON values deep inside, keys too, but not an escaped backslash', () => {
    const value = { ['k\u0000']: [{ m: 'x\uD83D' }], literal: '\\u0000 é texto', ok: '😀' };
    expect(storableJson(value)).toEqual({
      ['k\uFFFD']: [{ m: 'x\uFFFD' }],
      literal: '\\u0000 é texto',
      ok: '😀',
    });
    const same = { a: 'limpo' };
    expect(storableJson(same)).toBe(same);
    expect(JSON.parse(storableJsonText({ message: 'falha \u0000' }))).toEqual({
      message: 'falha \uFFFD',
    });
  });
});
