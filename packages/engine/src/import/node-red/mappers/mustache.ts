import { parsePath, jsonataPath } from '../node-red-paths';
import { jsonataKey } from '../typed-value';

/**
 * A mustache template of plain variables (`{{x}}` escaped, `{{{x}}}` and `{{& x}}` not,
 * `{{! comments}}`) as one JSONata expression giving the same text; null when it uses
 * sections, partials or new delimiters, which need a mustache library the sandbox lacks.
 */
export function mustacheExpression(template: string): string | null {
  const parts: string[] = [];
  let escapes = false;
  let at = 0;
  const tag = /\{\{(\{?)([\s\S]*?)\}\}(\}?)/g;
  for (let match = tag.exec(template); match; match = tag.exec(template)) {
    if (match.index > at) parts.push(JSON.stringify(template.slice(at, match.index)));
    at = match.index + match[0].length;
    const triple = match[1] === '{';
    if (triple && match[3] !== '}') return null;
    if (!triple && match[3] === '}') {
      // `{{x}}}`: the last brace is text.
      at -= 1;
    }
    const inner = match[2]!.trim();
    if (inner.startsWith('!')) continue;
    if (/^[#^/>=]/.test(inner)) return null;
    const raw = triple || inner.startsWith('&');
    const reference = mustacheReference(raw && !triple ? inner.slice(1).trim() : inner);
    if (!reference) return null;
    escapes ||= !raw;
    parts.push(raw ? `$text(${reference})` : `$escape(${reference})`);
  }
  if (at < template.length) parts.push(JSON.stringify(template.slice(at)));
  const body = parts.length ? parts.join(' & ') : '""';
  const text =
    '$text := function($v){ $exists($v) and $v != null ? ($type($v) = "string" ? $v : $type($v) = "object" ? "[object Object]" : $type($v) = "array" ? $join($map($v, function($i){ $type($i) = "string" ? $i : $string($i) }), ",") : $string($v)) : "" }';
  const escape =
    '$escape := function($v){ $replace($replace($replace($replace($replace($replace($replace($replace($text($v), "&", "&amp;"), "<", "&lt;"), ">", "&gt;"), "\\"", "&quot;"), "\'", "&#39;"), "/", "&#x2F;"), "`", "&#x60;"), "=", "&#x3D;") }';
  return `( ${text}; ${escapes ? `${escape}; ` : ''}${body} )`;
}

/** A mustache name over msg; `flow.x`, `global.x` and `env.X` read flow data and variables. */
function mustacheReference(name: string): string | null {
  if (name === '.') return null;
  const segments = parsePath(name);
  if (!segments) return null;
  const [first, ...rest] = segments;
  if (first === 'flow' && rest.length) return jsonataPath('$$.flow', rest);
  if (first === 'global' && rest.length) return jsonataPath('$$.flow.global', rest);
  if (first === 'env' && rest.length === 1) return `$$.vars.${jsonataKey(String(rest[0]))}`;
  return jsonataPath('$$.msg', segments);
}
