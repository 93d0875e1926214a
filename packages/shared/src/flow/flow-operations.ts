import type { NodeManifest } from './node-manifest.schema';
import type {
  FlowDocument,
  FlowEdge,
  FlowNode,
  FlowPins,
  PinnedItem,
} from './flow-document.schema';

/**
 * Pure edits of a flow document, shared by the web editor and the server. Each returns a new
 * document; an edit that makes no sense (a duplicate edge, a missing node) returns the same
 * document unchanged.
 */

export type ManifestLookup = (type: string, version?: number) => NodeManifest | undefined;

export function addNode(doc: FlowDocument, node: FlowNode): FlowDocument {
  if (doc.nodes.some(({ uid }) => uid === node.uid)) return doc;
  return { ...doc, nodes: [...doc.nodes, node] };
}

/** Removes a node, its edges and its pins. */
export function removeNode(doc: FlowDocument, uid: string): FlowDocument {
  if (!doc.nodes.some((node) => node.uid === uid)) return doc;
  return withPins(
    {
      ...doc,
      nodes: doc.nodes.filter((node) => node.uid !== uid),
      edges: doc.edges.filter((edge) => edge.source !== uid && edge.target !== uid),
    },
    dropPins(doc.pins, [uid]),
  );
}

/** `doc` with `pins`; the field goes away when no node holds pins (documents without pins stay as they were). */
function withPins(doc: FlowDocument, pins: FlowPins | undefined): FlowDocument {
  const { pins: _old, ...rest } = doc;
  return pins && Object.keys(pins).length ? { ...rest, pins } : rest;
}

function dropPins(pins: FlowPins | undefined, uids: string[]): FlowPins | undefined {
  if (!pins) return pins;
  const kept = Object.entries(pins).filter(([uid]) => !uids.includes(uid));
  return Object.fromEntries(kept);
}

/**
 * 'Fixar saída' (docs/adr/0089): the node sends `items` instead of running in editor runs;
 * null or an empty list removes its pins. A node that is not in the document gets none.
 */
export function setNodePins(
  doc: FlowDocument,
  uid: string,
  items: PinnedItem[] | null,
): FlowDocument {
  if (!doc.nodes.some((node) => node.uid === uid)) return doc;
  if (!items?.length) {
    if (!doc.pins?.[uid]) return doc;
    return withPins(doc, dropPins(doc.pins, [uid]));
  }
  return withPins(doc, { ...doc.pins, [uid]: JSON.parse(JSON.stringify(items)) as PinnedItem[] });
}

/** The nodes holding pins, in document order. */
export function pinnedNodes(doc: FlowDocument): FlowNode[] {
  const pins = doc.pins ?? {};
  return doc.nodes.filter((node) => (pins[node.uid]?.length ?? 0) > 0);
}

function updateNode(
  doc: FlowDocument,
  uid: string,
  change: (node: FlowNode) => FlowNode,
): FlowDocument {
  if (!doc.nodes.some((node) => node.uid === uid)) return doc;
  return { ...doc, nodes: doc.nodes.map((node) => (node.uid === uid ? change(node) : node)) };
}

export function moveNode(
  doc: FlowDocument,
  uid: string,
  position: { x: number; y: number },
): FlowDocument {
  return updateNode(doc, uid, (node) => ({ ...node, position: { ...position } }));
}

export function updateNodeParams(
  doc: FlowDocument,
  uid: string,
  params: Record<string, unknown>,
): FlowDocument {
  return updateNode(doc, uid, (node) => ({ ...node, params: { ...params } }));
}

export function edgeId(source: string, sourceOutput: string, target: string): string {
  return `${source}:${sourceOutput}->${target}`;
}

export function connect(doc: FlowDocument, edge: Omit<FlowEdge, 'id'>): FlowDocument {
  const { source, sourceOutput, target } = edge;
  const known = (uid: string) => doc.nodes.some((node) => node.uid === uid);
  if (source === target || !known(source) || !known(target)) return doc;
  const id = edgeId(source, sourceOutput, target);
  if (doc.edges.some((existing) => existing.id === id)) return doc;
  return { ...doc, edges: [...doc.edges, { id, source, sourceOutput, target }] };
}

export function disconnect(doc: FlowDocument, id: string): FlowDocument {
  if (!doc.edges.some((edge) => edge.id === id)) return doc;
  return { ...doc, edges: doc.edges.filter((edge) => edge.id !== id) };
}

/**
 * Copies the nodes and the edges among them, shifted by `offset`; returns the new uids. Pins
 * stay with the original nodes (a copy runs as usual).
 */
export function duplicateNodes(
  doc: FlowDocument,
  uids: string[],
  newUid: () => string,
  offset = { x: 40, y: 40 },
): { doc: FlowDocument; uids: string[] } {
  const renamed = new Map<string, string>();
  const copies: FlowNode[] = [];
  for (const node of doc.nodes) {
    if (!uids.includes(node.uid)) continue;
    const uid = newUid();
    renamed.set(node.uid, uid);
    copies.push({
      ...(JSON.parse(JSON.stringify(node)) as FlowNode),
      uid,
      position: { x: node.position.x + offset.x, y: node.position.y + offset.y },
    });
  }
  const edges = doc.edges.flatMap((edge) => {
    const source = renamed.get(edge.source);
    const target = renamed.get(edge.target);
    if (!source || !target) return [];
    return [
      {
        id: edgeId(source, edge.sourceOutput, target),
        source,
        sourceOutput: edge.sourceOutput,
        target,
      },
    ];
  });
  return {
    doc: { ...doc, nodes: [...doc.nodes, ...copies], edges: [...doc.edges, ...edges] },
    uids: copies.map((node) => node.uid),
  };
}

/** The editor's status bar and the server's node limit: Action/Trigger, flow control, total. */
export function countNodes(
  doc: FlowDocument,
  lookup: ManifestLookup,
): { actionTrigger: number; flowControl: number; total: number } {
  let actionTrigger = 0;
  let flowControl = 0;
  for (const node of doc.nodes) {
    const category = lookup(node.type, node.typeVersion)?.category;
    if (category === 'flow_control') flowControl++;
    // An AI step and a Brazilian building block are actions to the node limit.
    else if (category) actionTrigger++;
  }
  return { actionTrigger, flowControl, total: doc.nodes.length };
}

/**
 * Inserts a whole document (an imported file or a template) into `doc`: every node gets a fresh
 * uid and the edges among them are re-pointed (their ids recomputed); the copy is translated so
 * that the imported graph's top-left node corner lands at `at`. Edges whose ends are not in
 * `imported` are dropped. Returns the new uids in the imported document's order. The imported
 * document's pins come along (re-keyed) only with `keepPins` (an imported file); a paste or a
 * template never brings pins.
 */
export function insertDocument(
  doc: FlowDocument,
  imported: FlowDocument,
  at: { x: number; y: number },
  newUid: () => string,
  options: { keepPins?: boolean } = {},
): { doc: FlowDocument; uids: string[] } {
  if (imported.nodes.length === 0) return { doc, uids: [] };
  const left = Math.min(...imported.nodes.map((node) => node.position.x));
  const top = Math.min(...imported.nodes.map((node) => node.position.y));
  const renamed = new Map<string, string>();
  const copies = imported.nodes.map((node): FlowNode => {
    const uid = newUid();
    renamed.set(node.uid, uid);
    return {
      ...(JSON.parse(JSON.stringify(node)) as FlowNode),
      uid,
      position: { x: node.position.x - left + at.x, y: node.position.y - top + at.y },
    };
  });
  const ids = new Set(doc.edges.map((edge) => edge.id));
  const edges: FlowEdge[] = [];
  for (const edge of imported.edges) {
    const source = renamed.get(edge.source);
    const target = renamed.get(edge.target);
    if (!source || !target) continue;
    const id = edgeId(source, edge.sourceOutput, target);
    if (ids.has(id)) continue;
    ids.add(id);
    edges.push({ id, source, sourceOutput: edge.sourceOutput, target });
  }
  const merged = { ...doc, nodes: [...doc.nodes, ...copies], edges: [...doc.edges, ...edges] };
  const brought = Object.entries((options.keepPins && imported.pins) || {}).flatMap(
    ([uid, items]) => {
      const renamedUid = renamed.get(uid);
      return renamedUid && items.length ? [[renamedUid, items] as const] : [];
    },
  );
  return {
    doc: brought.length
      ? { ...merged, pins: { ...doc.pins, ...Object.fromEntries(brought) } }
      : merged,
    uids: copies.map((node) => node.uid),
  };
}

export interface FlowVariableEntry {
  key: string;
  value: string;
}

/**
 * Spec 1 §5: an imported file's variables are appended to the flow's variables. A key the flow
 * already has (compared after trimming) keeps the flow's value and the incoming entry is
 * skipped; within `incoming` the first entry of a key wins. Blank keys are skipped.
 */
export function appendVariables(
  existing: FlowVariableEntry[],
  incoming: FlowVariableEntry[],
): FlowVariableEntry[] {
  const keys = new Set(existing.map((variable) => variable.key.trim()));
  const added: FlowVariableEntry[] = [];
  for (const variable of incoming) {
    const key = variable.key.trim();
    if (!key || keys.has(key)) continue;
    keys.add(key);
    added.push({ key, value: variable.value });
  }
  return added.length ? [...existing, ...added] : existing;
}
