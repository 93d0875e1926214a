import { isPlainObject, type Segment } from './node-data-model';

export type FieldKind = 'texto' | 'número' | 'booleano' | 'objeto' | 'lista' | 'nulo';

/** One field of the messages: where it is, the kinds of value it holds, how many items have it. */
export interface SchemaField {
  /** Shown path: arrays' elements as `[]` (`payload.itens[].nome`). */
  label: string;
  /** Path for expressions: arrays' elements as their first element (`payload.itens[0].nome`). */
  segments: Segment[];
  depth: number;
  kinds: FieldKind[];
  /** Items (of those read) holding the field. */
  count: number;
}

/** Items read to build the schema, and elements read per array. */
export const schemaItemLimit = 1000;
const elementsPerArray = 20;
const maxDepth = 8;

export function kindOf(value: unknown): FieldKind {
  if (value === null || value === undefined) return 'nulo';
  if (Array.isArray(value)) return 'lista';
  switch (typeof value) {
    case 'string':
      return 'texto';
    case 'number':
    case 'bigint':
      return 'número';
    case 'boolean':
      return 'booleano';
    default:
      return 'objeto';
  }
}

interface Entry {
  field: SchemaField;
  parent: string;
  kinds: Set<FieldKind>;
  seenIn: number;
}

/**
 * The fields of the messages, merged over the first 1000: each path once, in the order first
 * met, with the kinds it holds and how many items have it.
 */
export function schemaOf(messages: readonly Record<string, unknown>[]): {
  fields: SchemaField[];
  read: number;
} {
  const entries = new Map<string, Entry>();
  const read = Math.min(messages.length, schemaItemLimit);
  for (let index = 0; index < read; index += 1) {
    const visit = (
      value: unknown,
      label: string,
      segments: Segment[],
      depth: number,
      parent: string,
    ) => {
      let entry = entries.get(label);
      if (!entry) {
        entry = {
          field: { label, segments, depth, kinds: [], count: 0 },
          parent,
          kinds: new Set(),
          seenIn: -1,
        };
        entries.set(label, entry);
      }
      entry.kinds.add(kindOf(value));
      if (entry.seenIn !== index) {
        entry.seenIn = index;
        entry.field.count += 1;
      }
      if (depth >= maxDepth) return;
      walk(value, label, segments, depth + 1, label);
    };
    const walk = (
      value: unknown,
      prefix: string,
      segments: Segment[],
      depth: number,
      parent: string,
    ) => {
      if (Array.isArray(value)) {
        for (const element of value.slice(0, elementsPerArray))
          if (isPlainObject(element) || Array.isArray(element))
            walk(element, `${prefix}[]`, [...segments, 0], depth, parent);
        return;
      }
      if (!isPlainObject(value)) return;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        visit(value[key], prefix ? `${prefix}.${key}` : key, [...segments, key], depth, parent);
      }
    };
    walk(messages[index], '', [], 0, '');
  }
  return { fields: inTreeOrder(entries), read };
}

/** Each field followed by its own fields, siblings in the order first met. */
function inTreeOrder(entries: Map<string, Entry>): SchemaField[] {
  const children = new Map<string, Entry[]>();
  for (const entry of entries.values()) {
    const list = children.get(entry.parent) ?? [];
    list.push(entry);
    children.set(entry.parent, list);
  }
  const fields: SchemaField[] = [];
  const add = (parent: string) => {
    for (const { field, kinds } of children.get(parent) ?? []) {
      fields.push({ ...field, kinds: [...kinds] });
      add(field.label);
    }
  };
  add('');
  return fields;
}
