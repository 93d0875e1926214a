const identifier = /^[A-Za-z_$][\w$]*$/;

/** The path of a child in the dotted form people write in expressions: `msg.items[0]["a-b"]`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return identifier.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}
