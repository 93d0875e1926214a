import { memoryLimits } from '../ports';
import type { FlowData } from './context';
import { getPath, setPath, splitPath } from './paths';

/** What the flow data holds: its JSON size in bytes and its object keys, at every level. */
interface Size {
  bytes: number;
  keys: number;
}

const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

export const flowDataMessages = {
  bytes: (path: string) =>
    `Os dados do flow passariam do limite de ${memoryLimits.flowDataBytes / 1024 / 1024} MB: ` +
    `o valor de "${shown(path)}" não foi gravado.`,
  keys: (path: string) =>
    `Os dados do flow passariam do limite de ` +
    `${memoryLimits.flowDataKeys.toLocaleString('pt-BR')} chaves: ` +
    `o valor de "${shown(path)}" não foi gravado.`,
  pathChars:
    `Um caminho dos dados do flow passa do limite de ` +
    `${memoryLimits.flowDataPathChars.toLocaleString('pt-BR')} caracteres.`,
  keyChars: (key: string) =>
    `Uma chave dos dados do flow passa do limite de ${memoryLimits.flowDataKeyChars} ` +
    `caracteres: "${shown(key)}".`,
};

function checkKey(key: string): void {
  if (key.length > memoryLimits.flowDataKeyChars) throw new Error(flowDataMessages.keyChars(key));
}

/** JSON size and key count of a value (walked without recursion); checks every key's length. */
function sizeOf(value: unknown, json: string | undefined, check: boolean): Size {
  const size = { bytes: json === undefined ? 0 : Buffer.byteLength(json), keys: 0 };
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      if (check) checkKey(key);
      size.keys++;
      pending.push(child);
    }
  }
  return size;
}

const measure = (value: unknown) => sizeOf(value, JSON.stringify(value), false);

const isIndex = (node: object | undefined, key: string) => Array.isArray(node) && /^\d+$/.test(key);

/** Bytes a new key adds: `"key":` and a comma, or the `null`s an array index past the end adds. */
function entryBytes(node: object | undefined, key: string): number {
  if (isIndex(node, key)) return Math.max(1, Number(key) - (node as unknown[]).length + 1) * 5;
  return Buffer.byteLength(key) + 4;
}

/**
 * This execution's flow data: a JSON object addressed by dotted paths, held in the server's
 * memory while the execution runs. Every writer (setFlowData in code, the Set node) goes
 * through `set`, which keeps it within `memoryLimits` (size, keys, key length) and refuses a
 * write that would pass them, with a pt-BR message; what was there stays.
 */
export function createFlowData(initial: Record<string, unknown>): FlowData {
  const data = structuredClone(initial);
  const total = measure(data);

  /** What writing `incoming` at `keys` adds to the total, and what it removes. */
  function change(keys: string[], incoming: Size): Size {
    const delta = { ...incoming };
    const remove = (old: unknown) => {
      const size = measure(old);
      delta.bytes -= size.bytes;
      delta.keys -= size.keys;
    };
    let node: object | undefined = data;
    for (const [index, key] of keys.entries()) {
      const present: boolean = node !== undefined && Object.hasOwn(node, key);
      const current: unknown = present ? (node as Record<string, unknown>)[key] : undefined;
      if (!present) {
        // Array items are not keys: the size bounds them.
        if (!isIndex(node, key)) delta.keys++;
        delta.bytes += entryBytes(node, key);
      }
      if (index === keys.length - 1) {
        if (present) remove(current);
      } else if (current !== null && typeof current === 'object') {
        node = current;
      } else {
        // setPath puts an object here, in place of what there was.
        if (present) remove(current);
        delta.bytes += 2;
        node = undefined;
      }
    }
    return delta;
  }

  return {
    get: (path) => (path ? getPath(data, path) : data),
    set(path, value) {
      if (path.length > memoryLimits.flowDataPathChars) throw new Error(flowDataMessages.pathChars);
      const keys = splitPath(path);
      keys.forEach(checkKey);
      const json = JSON.stringify(value);
      // Stored as its JSON copy: nothing the writer keeps can change it behind the count.
      const stored: unknown = json === undefined ? undefined : JSON.parse(json);
      const delta = change(keys, sizeOf(stored, json, true));
      if (total.bytes + delta.bytes > memoryLimits.flowDataBytes)
        throw new Error(flowDataMessages.bytes(path));
      if (total.keys + delta.keys > memoryLimits.flowDataKeys)
        throw new Error(flowDataMessages.keys(path));
      setPath(data, path, stored);
      total.bytes += delta.bytes;
      total.keys += delta.keys;
    },
    snapshot: () => structuredClone(data),
  };
}
