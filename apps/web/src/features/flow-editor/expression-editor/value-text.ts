/** A resolved value as a person reads it: text as it is, anything else as JSON. */
export function valueText(value: unknown, pretty = false): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
}
