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
