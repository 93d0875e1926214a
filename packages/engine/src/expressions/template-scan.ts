/**
 * Splits a text into literal parts and `{{ … }}` expressions. The end of an expression is found
 * by reading it as JSONata's lexer would, not at the first `}}`: strings ("…", '…'), quoted
 * names (`…`), comments, regex literals and nested braces are stepped over, so
 * `{{ {"a": {"b": 1}} }}` or `{{ $replace(x, "}}", "") }}` are one expression each.
 *
 * An expression the scan cannot close (an unterminated string, an unbalanced brace) ends at the
 * first `}}` after its start, as before: JSONata then says what is wrong with it, with its code.
 * A `{{` with no `}}` after it is literal text.
 */
export type TemplatePart = { text: string } | { expression: string };

/** After one of these (or at the start), a `/` opens a regex literal rather than dividing. */
const beforeRegex = new Set([...'([{,:;=!<>+-*%&|?~^', '']);

/** Where the string opened by `quote` at `start` ends (the index after it), or -1. */
function skipQuoted(text: string, start: number, limit: number, quote: string): number {
  for (let i = start + 1; i < limit; i++) {
    if (text[i] === '\\' && quote !== '`') i++;
    else if (text[i] === quote) return i + 1;
  }
  return -1;
}

/**
 * Where the regex literal opened at `start` ends (after its flags), or -1: as JSONata's lexer
 * reads it, the first `/` outside brackets, braces and parentheses not escaped by a backslash.
 */
function skipRegex(text: string, start: number, limit: number): number {
  let depth = 0;
  for (let i = start + 1; i < limit; i++) {
    const char = text[i]!;
    const escaped = text[i - 1] === '\\';
    if (char === '\\') {
      let run = 1;
      while (text[i + run] === '\\') run++;
      i += run - 1;
      if (run % 2 === 1) i++;
      continue;
    }
    if (char === '/' && depth === 0) {
      let end = i + 1;
      while (text[end] === 'i' || text[end] === 'm') end++;
      return end;
    }
    if (!escaped && '([{'.includes(char)) depth++;
    if (!escaped && ')]}'.includes(char)) depth--;
  }
  return -1;
}

/** The index of the `}}` that closes the expression starting at `from`, or -1 before `limit`. */
function scanEnd(text: string, from: number, limit: number): number {
  let depth = 0;
  let previous = '';
  for (let i = from; i < limit;) {
    const char = text[i]!;
    if (depth === 0 && text.startsWith('}}', i)) return i;
    let next = i + 1;
    const comment = text.startsWith('/*', i);
    if (char === '"' || char === "'" || char === '`') next = skipQuoted(text, i, limit, char);
    else if (comment) {
      const close = text.indexOf('*/', i + 2);
      next = close < 0 || close + 2 > limit ? -1 : close + 2;
    } else if (char === '/' && beforeRegex.has(previous)) next = skipRegex(text, i, limit);
    else if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    if (next < 0) return -1;
    if (!comment && !/\s/.test(char)) previous = char;
    i = next;
  }
  return -1;
}

/**
 * The literal parts and expressions of `text`, in order. The scans together read at most about
 * twice the text (`budget`): a text crafted so that every scan runs to its end (`{{{}}` over
 * and over) ends its expressions at the first `}}` instead of taking quadratic time.
 */
export function scanTemplate(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let budget = 2 * text.length + 1024;
  let literal = 0;
  let open = text.indexOf('{{');
  while (open >= 0) {
    const start = open + 2;
    const limit = Math.min(text.length, start + budget);
    let end = scanEnd(text, start, limit);
    budget -= (end < 0 ? limit : end) - start;
    if (end < 0) end = text.indexOf('}}', start);
    if (end < 0) break;
    if (open > literal) parts.push({ text: text.slice(literal, open) });
    parts.push({ expression: text.slice(start, end) });
    literal = end + 2;
    open = text.indexOf('{{', literal);
  }
  if (literal < text.length || !parts.length) parts.push({ text: text.slice(literal) });
  return parts;
}
