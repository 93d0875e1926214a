import type { NodeRun } from '@ponte/shared/execution-data.schema';
import type { PinnedItem } from '@ponte/shared/flow/flow-document.schema';

/** One message shown in a data view, with the output it left by ('Saída'). */
export interface DataItem {
  msg: Record<string, unknown>;
  output?: string;
}

export type Segment = string | number;

/** A table column: the keys from the row to the value (`['payload', 'nome']`). */
export interface DataColumn {
  id: string;
  segments: Segment[];
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The messages of one side of a run; a message the cap dropped is left out. */
export function itemsOfRun(run: NodeRun, side: 'input' | 'output'): DataItem[] {
  if (side === 'input') return run.input ? [{ msg: run.input }] : [];
  const items: DataItem[] = [];
  for (const item of run.outputs) if (item.msg) items.push({ msg: item.msg, output: item.output });
  return items;
}

export const itemsOfPins = (pins: readonly PinnedItem[]): DataItem[] =>
  pins.map((pin) => ({ msg: pin.msg, output: pin.output }));

/** The value at `segments` inside `value`, undefined when a step is missing. */
export function valueAt(value: unknown, segments: readonly Segment[]): unknown {
  let current = value;
  for (const key of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/**
 * Columns from the rows' keys, in the order they first appear; a nested object is flattened
 * one level (`payload.nome`), deeper values stay whole. Reads every row once.
 */
export function columnsOf(rows: readonly unknown[]): DataColumn[] {
  const columns = new Map<string, DataColumn>();
  const add = (segments: Segment[]) => {
    const id = segments.join('.');
    if (!columns.has(id)) columns.set(id, { id, segments });
  };
  for (const row of rows) {
    if (!isPlainObject(row)) {
      add([]);
      continue;
    }
    for (const key in row) {
      if (!Object.hasOwn(row, key)) continue;
      const value = row[key];
      if (isPlainObject(value) && Object.keys(value).length > 0) {
        for (const inner in value) if (Object.hasOwn(value, inner)) add([key, inner]);
      } else add([key]);
    }
  }
  return [...columns.values()];
}

/** A field whose value is an array of objects, offered as rows ('Linhas de payload'). */
export function arrayFieldsOf(msg: Record<string, unknown>): string[] {
  const fields = Object.keys(msg).filter((key) => {
    const value = msg[key];
    return Array.isArray(value) && value.length > 0 && value.every(isPlainObject);
  });
  // payload first: it is where connectors put what they bring.
  return fields.sort((a, b) => Number(b === 'payload') - Number(a === 'payload'));
}

/**
 * JSON of a value cut at `max` characters, without writing the whole of a large value: the
 * table shows deep values this way.
 */
export function compactJson(value: unknown, max = 120): string {
  let out = '';
  const write = (part: string) => {
    out += part;
    return out.length < max;
  };
  const visit = (current: unknown): boolean => {
    if (Array.isArray(current)) {
      if (!write('[')) return false;
      for (let index = 0; index < current.length; index += 1) {
        if (index > 0 && !write(',')) return false;
        if (!visit(current[index])) return false;
      }
      return write(']');
    }
    if (isPlainObject(current)) {
      if (!write('{')) return false;
      let first = true;
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (!first && !write(',')) return false;
        first = false;
        if (!write(`${JSON.stringify(key)}:`) || !visit(current[key])) return false;
      }
      return write('}');
    }
    return write(current === undefined ? 'null' : (JSON.stringify(current) ?? 'null'));
  };
  return visit(value) ? out : `${out.slice(0, max)}…`;
}

/** A cell's text: strings as they are, other primitives as JSON, objects as compact JSON. */
export function cellText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (value === null || typeof value !== 'object') return String(value);
  return compactJson(value);
}

/** Messages sent by output name, in the order the outputs first appear. */
export function countByOutput(items: readonly DataItem[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) {
    if (item.output === undefined) continue;
    counts.set(item.output, (counts.get(item.output) ?? 0) + 1);
  }
  return [...counts.entries()];
}

const integer = new Intl.NumberFormat('pt-BR');
const oneDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** '1 item', '50.000 itens'. */
export const formatItemCount = (count: number) =>
  `${integer.format(count)} ${count === 1 ? 'item' : 'itens'}`;

/** '12 ms' under a second, '1,5 s' from there. */
export function formatNodeDuration(ms: number): string {
  if (ms < 1000) return `${integer.format(Math.round(ms))} ms`;
  return `${oneDecimal.format(ms / 1000)} s`;
}
