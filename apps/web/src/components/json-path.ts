/** A key JSONata reads as a plain name in a path (a leading `$` would make it a variable). */
const plainName = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Words JSONata reads as operators or values, not as field names. */
const reserved = new Set(['and', 'or', 'in', 'true', 'false', 'null', 'function']);

/**
 * The path of a child as JSONata reads it in `{{ }}` expressions, the one form every copied or
 * dragged path takes: `msg.items[0].nome`, odd keys between backticks
 * (`` msg.headers.`content-type` ``), a key with a backtick through `$lookup`. With an empty
 * parent (a tree without a root name) the key starts the path.
 */
export function expressionChildPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (key.includes('`')) return `$lookup(${parent || '$'}, ${JSON.stringify(key)})`;
  const name = plainName.test(key) && !reserved.has(key) ? key : `\`${key}\``;
  return parent === '' ? name : `${parent}.${name}`;
}

/** A whole path from its keys and indexes: `expressionPath('msg', ['payload', 0])`. */
export function expressionPath(root: string, segments: readonly (string | number)[]): string {
  return segments.reduce<string>((path, key) => expressionChildPath(path, key), root);
}
