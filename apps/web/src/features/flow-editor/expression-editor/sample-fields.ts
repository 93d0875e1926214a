import { expressionChildPath } from '../../../components/json-path';

/** A field of the sample message, as the expression editor's tree shows it. */
export interface SampleField {
  key: string;
  /** The JSONata path from the message: `msg.payload.itens[0].preco`. */
  path: string;
  type: FieldType;
  /** Children of objects and arrays (arrays: their first item only). */
  children: SampleField[];
}

export type FieldType = 'texto' | 'número' | 'booleano' | 'objeto' | 'lista' | 'nulo';

export function typeOf(value: unknown): FieldType {
  if (value === null || value === undefined) return 'nulo';
  if (Array.isArray(value)) return 'lista';
  switch (typeof value) {
    case 'string':
      return 'texto';
    case 'number':
      return 'número';
    case 'boolean':
      return 'booleano';
    default:
      return 'objeto';
  }
}

/** How deep and how wide the tree goes: a large sample never builds a large tree. */
export const treeLimits = { depth: 6, children: 200 };

function fieldsOf(value: unknown, parent: string, depth: number): SampleField[] {
  if (depth >= treeLimits.depth || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    if (!value.length) return [];
    const path = expressionChildPath(parent, 0);
    return [
      { key: '[0]', path, type: typeOf(value[0]), children: fieldsOf(value[0], path, depth + 1) },
    ];
  }
  return Object.entries(value as Record<string, unknown>)
    .slice(0, treeLimits.children)
    .map(([key, child]) => {
      const path = expressionChildPath(parent, key);
      return { key, path, type: typeOf(child), children: fieldsOf(child, path, depth + 1) };
    });
}

/** The sample's fields under `msg`, as a tree. */
export function sampleFields(sample: Record<string, unknown>): SampleField[] {
  return fieldsOf(sample, 'msg', 0);
}

/**
 * The sample's value at a path of steps (`payload`, `itens[0]`, `` `a-b` ``); a step into a
 * list without an index looks at its first item.
 */
export function valueAt(sample: Record<string, unknown>, steps: string[]): unknown {
  let value: unknown = sample;
  for (const step of steps) {
    if (Array.isArray(value)) value = value[0];
    if (!value || typeof value !== 'object') return undefined;
    const [, key, indexes] = /^(.*?)((\[\d+\])*)$/.exec(step)!;
    value = (value as Record<string, unknown>)[key!.replace(/`/g, '')];
    for (const match of indexes!.matchAll(/\[(\d+)\]/g))
      value = Array.isArray(value) ? value[Number(match[1])] : undefined;
  }
  return value;
}

/** The names of the fields under a path of the sample (for completion after `msg.payload.`). */
export function keysAt(sample: Record<string, unknown>, steps: string[]): string[] {
  let value = valueAt(sample, steps);
  if (Array.isArray(value)) value = value[0];
  if (!value || typeof value !== 'object') return [];
  return Object.keys(value).slice(0, treeLimits.children);
}
