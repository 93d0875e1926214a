import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';

/**
 * What Ctrl + C copied: the selected nodes and the edges among them. Kept in memory for the
 * tab, so a copy can be pasted into another flow opened afterwards.
 */
let copied: FlowDocument | null = null;
/** Pastes of the current copy so far: each lands 40 px further, so copies do not pile up. */
let pastes = 0;
const pasteOffset = 40;

export function copySelection(doc: FlowDocument, uids: readonly string[]): number {
  const chosen = new Set(uids);
  const nodes = doc.nodes.filter((node) => chosen.has(node.uid));
  if (nodes.length === 0) return 0;
  copied = {
    version: doc.version,
    nodes: JSON.parse(JSON.stringify(nodes)) as FlowDocument['nodes'],
    edges: doc.edges.filter((edge) => chosen.has(edge.source) && chosen.has(edge.target)),
  };
  pastes = 0;
  return nodes.length;
}

export function copiedDocument(): FlowDocument | null {
  return copied;
}

/** The copied document and the point where this paste puts its top-left corner. */
export function nextPaste(): { doc: FlowDocument; at: { x: number; y: number } } | null {
  if (!copied) return null;
  pastes += 1;
  const corner = topLeft(copied);
  return {
    doc: copied,
    at: { x: corner.x + pasteOffset * pastes, y: corner.y + pasteOffset * pastes },
  };
}

/** The top-left corner of a document's nodes. */
export function topLeft(doc: FlowDocument): { x: number; y: number } {
  if (doc.nodes.length === 0) return { x: 0, y: 0 };
  return {
    x: Math.min(...doc.nodes.map((node) => node.position.x)),
    y: Math.min(...doc.nodes.map((node) => node.position.y)),
  };
}

/** A node uid: short, random, and available outside secure contexts (plain http on a LAN). */
export function newNodeUid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `n${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
