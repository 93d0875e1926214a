import { ImportFormatError } from '../import-result';

/** One node of a Node-RED export: `id`, `type`, the tab it sits on (`z`), and its own fields. */
export interface NrNode {
  id: string;
  type: string;
  z?: string;
  name?: string;
  x?: number;
  y?: number;
  wires?: string[][];
  d?: boolean;
  [field: string]: unknown;
}

export const notAnExport =
  'O arquivo não é uma exportação do Node-RED: esperávamos uma lista de nós com "id" e "type" (ou o formato {"flows": [...]}).';

function isNode(value: unknown): value is NrNode {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const node = value as Record<string, unknown>;
  return typeof node.id === 'string' && typeof node.type === 'string' && node.id !== '';
}

/**
 * The nodes of an export: the array the editor's Export gives, or the admin API's
 * `{flows: [...], rev}`. Anything else is not a Node-RED export (pt-BR message).
 */
export function readNodeRedExport(input: unknown): NrNode[] {
  const list =
    input && typeof input === 'object' && !Array.isArray(input)
      ? (input as Record<string, unknown>).flows
      : input;
  if (!Array.isArray(list) || list.length === 0 || !list.every(isNode)) {
    throw new ImportFormatError(notAnExport);
  }
  // An n8n workflow has `nodes` and `connections`, never `wires` nor `z`: not ours.
  const looksLikeNodeRed = list.some(
    (node) => 'z' in node || 'wires' in node || node.type === 'tab' || node.type === 'subflow',
  );
  if (!looksLikeNodeRed) throw new ImportFormatError(notAnExport);
  const ids = new Set<string>();
  for (const node of list) {
    if (ids.has(node.id)) {
      throw new ImportFormatError(
        `O arquivo do Node-RED tem dois nós com o mesmo id (${node.id.slice(0, 60)}): exporte o fluxo novamente.`,
      );
    }
    ids.add(node.id);
  }
  return list;
}

/** A node drawn on a canvas (it has a position or wires); config nodes have neither. */
export function isCanvasNode(node: NrNode): boolean {
  return typeof node.x === 'number' || Array.isArray(node.wires);
}

/** The wires of output `port`, ids only. */
export function wiresOf(node: NrNode, port: number): string[] {
  const wires = Array.isArray(node.wires) ? node.wires[port] : undefined;
  return Array.isArray(wires) ? wires.filter((id): id is string => typeof id === 'string') : [];
}

export function text(value: unknown): string {
  return typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? ''
      : String(value);
}
