import type { FlowDocument, FlowNode } from './flow-document.schema';
import { addNode, connect, type ManifestLookup } from './flow-operations';
import { nodeOutputs } from './flow-validator';

/**
 * Building by following a node (the editor's '+' on an output, a connection dropped on the empty
 * canvas, a click on the palette with one node selected): which output to follow, and the one
 * edit that adds a node after another.
 */

/** The outputs of a node drawn on its right, in order (`error` is drawn apart, below). */
export function sideOutputs(node: FlowNode, lookup: ManifestLookup): string[] {
  const manifest = lookup(node.type, node.typeVersion);
  return manifest ? nodeOutputs(node, manifest).filter((name) => name !== 'error') : [];
}

/** The outputs of `uid` on its right that no edge leaves from (each gets a '+' on the canvas). */
export function freeOutputs(doc: FlowDocument, uid: string, lookup: ManifestLookup): string[] {
  const node = doc.nodes.find((candidate) => candidate.uid === uid);
  if (!node) return [];
  const used = new Set(
    doc.edges.filter((edge) => edge.source === uid).map((edge) => edge.sourceOutput),
  );
  return sideOutputs(node, lookup).filter((name) => !used.has(name));
}

/**
 * The output a connector added after `uid` is connected from: its first free output, else its
 * first output (`error` only by an explicit choice); undefined for an unknown node or type.
 */
export function outputToFollow(
  doc: FlowDocument,
  uid: string,
  lookup: ManifestLookup,
): string | undefined {
  const node = doc.nodes.find((candidate) => candidate.uid === uid);
  if (!node) return undefined;
  return freeOutputs(doc, uid, lookup)[0] ?? sideOutputs(node, lookup)[0];
}

/**
 * Adds `node` after `from` in one edit (one undo step): the node, and the edge from
 * `from.sourceOutput` to it. A node that takes no input (a trigger) is added unconnected.
 */
export function addNodeAfter(
  doc: FlowDocument,
  node: FlowNode,
  from: { source: string; sourceOutput: string },
  lookup: ManifestLookup,
): FlowDocument {
  const added = addNode(doc, node);
  if (added === doc || lookup(node.type, node.typeVersion)?.category === 'trigger') return added;
  return connect(added, { ...from, target: node.uid });
}
