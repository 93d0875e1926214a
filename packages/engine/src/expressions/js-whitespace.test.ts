import { describe, expect, it } from 'vitest';
import { evaluate } from './expressions';
import { LinearRegExp } from './linear-regex';

const nbsp = '\u00a0';
const data = (payload: unknown = {}) => ({ msg: { payload }, flow: {}, vars: {} });

/** Every code point JavaScript's `\s` matches, and neighbours of each that it does not. */
const samples = [
  ...[0x9, 0xa, 0xb, 0xc, 0xd, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000],
  ...[0xfeff, 0x2000, 0x2005, 0x200a, 0x200b, 0x8, 0xe, 0x1f, 0x21, 0x9f, 0xa1, 0x167f],
  ...[0x1681, 0x1fff, 0x2027, 0x202a, 0x202e, 0x2030, 0x205e, 0x2060, 0x2fff, 0x3001],
  ...[0xfefe, 0xff00, 0x41, 0xe9, 0x1f600, 0x10ffff],
].map((code) => String.fromCodePoint(code));

describe('\\s in the regular expressions of expressions', () => {
  it('matches what JavaScript matches, outside and inside classes, and not when escaped', () => {
    const patterns = ['\\s', '\\S', '[\\s]', '[\\S]', '[^\\s]', '[^\\S]', '[x\\s]', '^\\s+$'];
    for (const pattern of patterns) {
      const js = new RegExp(pattern, 'u');
      const linear = new LinearRegExp(pattern);
      for (const char of samples) {
        const code = char.codePointAt(0)!.toString(16);
        expect(linear.test(char), `/${pattern}/ on U+${code}`).toBe(js.test(char));
      }
    }
    expect(new LinearRegExp('\\\\s').test('\\s')).toBe(true);
    expect(new LinearRegExp('\\\\s').test(nbsp)).toBe(false);
  });

  it('splits, replaces and trims a text with non-breaking spaces as JavaScript does', async () => {
    const text = data({ texto: `R$${nbsp}1.234,56 -\u202fpago` });
    expect(await evaluate('$split(msg.payload.texto, /\\s+/)', text)).toEqual([
      'R$',
      '1.234,56',
      '-',
      'pago',
    ]);
    expect(await evaluate('$replace(msg.payload.texto, /\\s/, "_")', text)).toBe(
      'R$_1.234,56_-_pago',
    );
    expect(await evaluate('$contains(msg.payload.texto, /R\\$\\s\\S+\\s/)', text)).toBe(true);
    expect(await evaluate(`$match("a${nbsp}b", /[^\\S]/).index`, data())).toBe(1);
  });
});
