/** Dotted paths (`payload.cliente.nome`, `itens.0.sku`) into JSON objects. */

const forbidden = new Set(['__proto__', 'prototype', 'constructor']);

export function splitPath(path: string): string[] {
  const keys = path
    .split('.')
    .map((key) => key.trim())
    .filter(Boolean);
  if (!keys.length) throw new Error('Informe um caminho, ex.: payload.cliente.nome');
  for (const key of keys) {
    if (forbidden.has(key)) throw new Error(`Caminho não permitido: ${path}`);
  }
  return keys;
}

export function getPath(root: unknown, path: string): unknown {
  let node = root;
  for (const key of splitPath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Sets a value, creating objects on the way; changes `root` in place. */
export function setPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const keys = splitPath(path);
  let node: Record<string, unknown> = root;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}
