import type { Edge, Node } from '@xyflow/react';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { nodeOutputs } from '@ponte/shared/flow/flow-validator';
import type { NodeCategory } from '@ponte/shared/flow/node-manifest.schema';

export interface NodeOutputView {
  name: string;
  label: string;
}

/** What a node on the canvas draws: plain JSON (no callbacks), as React Flow recommends. */
export interface FlowNodeData extends Record<string, unknown> {
  label: string;
  typeLabel: string;
  icon?: string;
  /** A custom connector's image (a data URL), drawn instead of the icon. */
  image?: string;
  /** A custom connector without an image: drawn as a puzzle piece. */
  custom?: boolean;
  /** The library's newest version of the node's type, when the node is pinned to an older one. */
  newerVersion?: number;
  category: NodeCategory | 'unknown';
  outputs: NodeOutputView[];
  hasInput: boolean;
  issue?: 'error' | 'warning';
  breakpoint: boolean;
  disabled: boolean;
  /** The node the debugger holds now (paused before Next Step). */
  highlighted?: boolean;
}

export type CanvasNode = Node<FlowNodeData, 'flowNode'>;

export const errorOutput = 'error';

/** The outputs drawn on the right of a node; the implicit `error` output is drawn apart. */
function outputsOf(node: FlowDocument['nodes'][number], lookup: ManifestLookup): NodeOutputView[] {
  const manifest = lookup(node.type, node.typeVersion);
  if (!manifest) return [];
  return nodeOutputs(node, manifest)
    .filter((name) => name !== errorOutput)
    .map((name) => ({ name, label: manifest.outputs[name]?.label ?? name }));
}

export function toCanvasNodes(
  doc: FlowDocument,
  lookup: ManifestLookup,
  issues: ReadonlyMap<string, 'error' | 'warning'>,
  selected: ReadonlySet<string>,
  highlighted?: string | null,
): CanvasNode[] {
  return doc.nodes.map((node) => {
    const manifest = lookup(node.type, node.typeVersion);
    const issue = issues.get(node.uid);
    const newest = lookup(node.type);
    return {
      id: node.uid,
      type: 'flowNode',
      position: { ...node.position },
      selected: selected.has(node.uid),
      data: {
        label: node.label?.trim() || manifest?.label || node.type,
        typeLabel: manifest?.label ?? node.type,
        icon: manifest?.icon,
        ...(manifest?.custom ? { custom: true } : {}),
        ...(manifest?.custom?.image ? { image: manifest.custom.image } : {}),
        ...(newest && newest.version > node.typeVersion ? { newerVersion: newest.version } : {}),
        category: manifest?.category ?? 'unknown',
        outputs: outputsOf(node, lookup),
        hasInput: manifest?.category !== 'trigger',
        ...(issue ? { issue } : {}),
        breakpoint: node.breakpoint === true,
        disabled: node.disabled === true,
        ...(node.uid === highlighted ? { highlighted: true } : {}),
      },
    };
  });
}

export function toCanvasEdges(doc: FlowDocument, selected: ReadonlySet<string>): Edge[] {
  return doc.edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    sourceHandle: edge.sourceOutput,
    target: edge.target,
    selected: selected.has(edge.id),
    ...(edge.sourceOutput === errorOutput
      ? { style: { stroke: 'var(--mantine-color-red-6)' }, animated: false }
      : {}),
  }));
}

/** The worst issue of each node, for the canvas marks. */
export function issueLevels(
  issues: readonly { level: 'error' | 'warning'; node_uid?: string }[],
): Map<string, 'error' | 'warning'> {
  const levels = new Map<string, 'error' | 'warning'>();
  for (const issue of issues) {
    if (!issue.node_uid) continue;
    if (levels.get(issue.node_uid) !== 'error') levels.set(issue.node_uid, issue.level);
  }
  return levels;
}
