/**
 * PostgreSQL's `text` cannot hold NUL, and neither `text` nor `jsonb` a lone UTF-16 surrogate
 * (`jsonb` refuses the `\u0000` escape too): one such character in a user's log line, an
 * execution's error or a queued message would fail its statement, and with it every row
 * group-committed beside it. They are stored as U+FFFD (the replacement character) instead.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const storableText = (text: string): string =>
  unstorable.test(text) ? text.replace(unstorable, '\uFFFD') : text;

/**
 * JSON.stringify writes NUL and lone surrogates as `\u` escapes (paired surrogates as they are):
 * an escape whose backslash is not itself escaped is replaced by `\ufffd`.
 */
const unstorableEscape = /(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/gi;

/** The value's JSON text, with what PostgreSQL cannot store replaced by U+FFFD. */
export function storableJsonText(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  return json.replace(unstorableEscape, '$1\\ufffd');
}

/** The value, rebuilt only when its JSON holds something PostgreSQL cannot store. */
export function storableJson<T>(value: T): T {
  const json = JSON.stringify(value);
  if (json === undefined) return value;
  const clean = json.replace(unstorableEscape, '$1\\ufffd');
  return clean === json ? value : (JSON.parse(clean) as T);
}
