import type { FlowData } from './context';

/** This execution's flow data: a JSON object addressed by dotted paths. */
export function createFlowData(initial: Record<string, unknown>): FlowData {
  const data = structuredClone(initial);
  const walk = (path: string) => path.split('.').filter(Boolean);
  return {
    get(path) {
      if (!path) return data;
      return walk(path).reduce<unknown>(
        (node, key) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
        data,
      );
    },
    set(path, value) {
      const keys = walk(path);
      let node: Record<string, unknown> = data;
      for (const key of keys.slice(0, -1)) {
        if (!node[key] || typeof node[key] !== 'object') node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
      node[keys.at(-1)!] = value;
    },
    snapshot: () => structuredClone(data),
  };
}
