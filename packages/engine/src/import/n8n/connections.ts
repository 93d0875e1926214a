import type { FlowEdge } from '@ponte/shared/flow/flow-document.schema';
import type { Mapped, N8nConnections, N8nNode } from './n8n-workflow';

/** A translated node, as the connections need it. */
export interface Placed {
  node: N8nNode;
  uid: string;
  mapped: Mapped;
  /** The report's notes of the node (a connection that could not be kept adds one). */
  notes: string[];
}

/**
 * The Ponte outputs an n8n main output becomes. With `onError: continueErrorOutput` n8n adds
 * one output after the others: the `error` one. A placeholder sends any of them on `default`.
 */
function sourceOutputs(placed: Placed, index: number): string[] {
  const { mapped, node } = placed;
  if (mapped.notTranslated) return ['default'];
  if (node.onError === 'continueErrorOutput' && index === mapped.outputs.length) return ['error'];
  return mapped.outputs[index] ?? [];
}

/** The uid of the node after one (`Mapped.then`). */
export const followerUid = (uid: string) => `${uid}-n8n`;

/** Where a node's main connections leave from: the node put after it, when there is one. */
function leavingUid(placed: Placed, type: string): string {
  return placed.mapped.then && !placed.mapped.notTranslated && type === 'main'
    ? followerUid(placed.uid)
    : placed.uid;
}

/**
 * n8n `connections` (by source name, type and output index) as Ponte edges. Edges into a node
 * come in the order of its n8n inputs (the merge reads its inputs in that order).
 */
export function connectionEdges(
  connections: N8nConnections,
  byName: Map<string, Placed>,
): FlowEdge[] {
  const edges: Array<FlowEdge & { input: number }> = [];
  const seen = new Set<string>();
  for (const [sourceName, types] of Object.entries(connections)) {
    const source = byName.get(sourceName);
    if (!source) continue;
    for (const [type, outputs] of Object.entries(types ?? {})) {
      (outputs ?? []).forEach((targets, index) => {
        for (const link of targets ?? []) {
          const target = byName.get(link.node);
          if (!target) continue;
          if (type !== 'main' && type !== 'error') {
            source.notes.push(
              `A conexão "${type}" com "${link.node}" não existe no Ponte e não foi mantida.`,
            );
            continue;
          }
          const names = type === 'error' ? ['error'] : sourceOutputs(source, index);
          if (!names.length)
            source.notes.push(
              `A saída ${index + 1} (ligada a "${link.node}") não existe no nó do Ponte e não foi mantida.`,
            );
          const from = leavingUid(source, type);
          for (const sourceOutput of names) {
            const key = `${from}\u0000${sourceOutput}\u0000${target.uid}`;
            if (seen.has(key)) continue;
            seen.add(key);
            edges.push({
              id: `e${edges.length + 1}`,
              source: from,
              sourceOutput,
              target: target.uid,
              input: link.index ?? 0,
            });
          }
        }
      });
    }
  }
  for (const placed of byName.values()) {
    if (!placed.mapped.then || placed.mapped.notTranslated) continue;
    edges.push({
      id: `e${edges.length + 1}`,
      source: placed.uid,
      sourceOutput: 'default',
      target: followerUid(placed.uid),
      input: 0,
    });
  }
  return edges
    .map((edge, order) => ({ edge, order }))
    .sort((a, b) => a.edge.input - b.edge.input || a.order - b.order)
    .map(({ edge: { input: _input, ...edge } }) => edge);
}
