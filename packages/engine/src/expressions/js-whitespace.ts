/**
 * JavaScript's `\s` is Unicode's white space and line terminators: the non-breaking space
 * (U+00A0), the BOM (U+FEFF), U+2000–U+200A, U+2028/2029, U+202F, U+205F, U+3000, U+1680 and
 * `\t\n\v\f\r` and the space. RE2's is ASCII only (`[\t\n\f\r ]`, not even `\v`), so a text
 * pasted from a web page or a PDF, full of U+00A0, would not split on `\s`. `jsWhitespace`
 * rewrites `\s` and `\S` into these explicit classes, in RE2's syntax, before RE2 compiles.
 */
const spaces =
  '\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** Every code point but those of `spaces`, for a `\S` inside a class. */
const nonSpaces =
  '\\x{0}-\\x{8}\\x{E}-\\x{1F}\\x{21}-\\x{9F}\\x{A1}-\\x{167F}\\x{1681}-\\x{1FFF}' +
  '\\x{200B}-\\x{2027}\\x{202A}-\\x{202E}\\x{2030}-\\x{205E}\\x{2060}-\\x{2FFF}' +
  '\\x{3001}-\\x{FEFE}\\x{FF00}-\\x{10FFFF}';

/**
 * `source` (a JavaScript pattern) with `\s` and `\S` as JavaScript means them: outside a class
 * `[…]` and `[^…]`, inside one the ranges themselves. An escaped backslash (`\\s`) is left alone.
 */
export function jsWhitespace(source: string): string {
  if (!/\\[sS]/.test(source)) return source;
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\' && i + 1 < source.length) {
      const next = source[++i]!;
      if (next === 's') out += inClass ? spaces : `[${spaces}]`;
      else if (next === 'S') out += inClass ? nonSpaces : `[^${spaces}]`;
      else out += char + next;
      continue;
    }
    if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    out += char;
  }
  return out;
}
