const identifier = /^[A-Za-z_$][\w$]*$/;

/**
 * The path of a child in the dotted form people write in expressions: `msg.items[0]["a-b"]`.
 * With an empty parent (a tree without a root name) a plain key starts the path: `items[0]`.
 */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (!identifier.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** A key JSONata reads without quotes. */
const plainName = /^[A-Za-z_$][\w$]*$/;

/**
 * The path of a child as JSONata reads it in `{{ }}` expressions: `msg.items[0].nome`, with odd
 * keys between backticks (`` msg.headers.`content-type` ``). The debugger's `childPath` keeps
 * its bracketed form.
 */
export function expressionChildPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const name = plainName.test(key) ? key : `\`${key}\``;
  return parent === '' ? name : `${parent}.${name}`;
}

/** A whole path from its keys and indexes: `expressionPath('msg', ['payload', 0])`. */
export function expressionPath(root: string, segments: readonly (string | number)[]): string {
  return segments.reduce<string>((path, key) => expressionChildPath(path, key), root);
}
