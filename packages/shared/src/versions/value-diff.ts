/** One difference between two JSON values, at a path of keys (array positions as numbers). */
export interface ValueChange {
  path: (string | number)[];
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Same JSON value, key order aside. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    const other = Object.keys(b).filter((key) => b[key] !== undefined);
    return keys.length === other.length && keys.every((key) => sameValue(a[key], b[key]));
  }
  return false;
}

/**
 * What changed from `before` to `after` (two versions of a resource's document), down to the
 * leaves: objects key by key, arrays position by position, anything else as a whole.
 */
export function diffValues(
  before: unknown,
  after: unknown,
  path: (string | number)[] = [],
): ValueChange[] {
  if (sameValue(before, after)) return [];
  if (before === undefined) return [{ path, kind: 'added', after }];
  if (after === undefined) return [{ path, kind: 'removed', before }];
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffValues(before[key], after[key], [...path, key]));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, index) =>
      diffValues(before[index], after[index], [...path, index]),
    ).flat();
  }
  return [{ path, kind: 'changed', before, after }];
}
