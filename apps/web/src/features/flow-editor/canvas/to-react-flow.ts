import type { Edge, Node } from '@xyflow/react';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { nodeOutputs } from '@ponte/shared/flow/flow-validator';
import type { NodeCategory } from '@ponte/shared/flow/node-manifest.schema';
import type { NodeDiffMark } from '@ponte/shared/versions/flow-diff';
import type { CanvasNodeState } from '../run-data/run-data-types';

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
  /** 'Ferramenta do agente': the flow's agents call it; `approval`: each call waits for a person. */
  agentTool?: 'call' | 'approval';
  /** The node the debugger holds now (paused before Next Step). */
  highlighted?: boolean;
  /** Its state in the run looked at or running now (docs/adr/0089). */
  run?: CanvasNodeState;
  /** It holds pinned output. */
  pinned?: boolean;
  /** In a comparison of two versions (docs/adr/0103): how it changed. */
  diff?: NodeDiffMark;
}

/** What a run adds to the canvas (docs/adr/0089): node states, pins, a past execution. */
export interface CanvasRunMarks {
  nodeStates?: ReadonlyMap<string, CanvasNodeState>;
  pinned?: ReadonlySet<string>;
  /** Nothing can be moved, connected or removed. */
  readOnly?: boolean;
  /** A comparison of two versions: how each node changed. */
  diff?: ReadonlyMap<string, NodeDiffMark>;
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
  marks: CanvasRunMarks = {},
): CanvasNode[] {
  return doc.nodes.map((node) => {
    const manifest = lookup(node.type, node.typeVersion);
    const issue = issues.get(node.uid);
    const newest = lookup(node.type);
    const run = marks.nodeStates?.get(node.uid);
    const diff = marks.diff?.get(node.uid);
    return {
      id: node.uid,
      type: 'flowNode',
      position: { ...node.position },
      selected: selected.has(node.uid),
      ...(marks.readOnly ? { draggable: false, connectable: false, deletable: false } : {}),
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
        ...(node.agentTool
          ? { agentTool: node.agentTool.approval ? ('approval' as const) : ('call' as const) }
          : {}),
        ...(node.uid === highlighted ? { highlighted: true } : {}),
        ...(run ? { run: { ...run } } : {}),
        ...(marks.pinned?.has(node.uid) ? { pinned: true } : {}),
        ...(diff ? { diff } : {}),
      },
    };
  });
}

/** The path a run took: thicker, in the colour of its output (red for `error`). */
const takenStyle = (output: string) => ({
  stroke: `var(--mantine-color-${output === errorOutput ? 'red' : 'green'}-6)`,
  strokeWidth: 3,
});

/** A comparison of two versions: an added edge green, a removed one red and dashed. */
export type EdgeDiffMark = 'added' | 'removed';

const diffEdgeStyle = (mark: EdgeDiffMark) => ({
  stroke: `var(--mantine-color-${mark === 'added' ? 'green' : 'red'}-6)`,
  strokeWidth: 2.5,
  ...(mark === 'removed' ? { strokeDasharray: '6 4' } : {}),
});

/**
 * The graph's edges; `taken` ones (the path of the run looked at) drawn thicker and coloured,
 * those of a comparison (`diff`) in the colour of their change.
 */
export function toCanvasEdges(
  doc: FlowDocument,
  selected: ReadonlySet<string>,
  taken?: ReadonlySet<string>,
  diff?: ReadonlyMap<string, EdgeDiffMark>,
): Edge[] {
  return doc.edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    sourceHandle: edge.sourceOutput,
    target: edge.target,
    selected: selected.has(edge.id),
    ...(edge.sourceOutput === errorOutput
      ? { style: { stroke: 'var(--mantine-color-red-6)' }, animated: false }
      : {}),
    ...(taken?.has(edge.id)
      ? { style: takenStyle(edge.sourceOutput), data: { taken: true }, zIndex: 1 }
      : {}),
    ...(diff?.has(edge.id)
      ? { style: diffEdgeStyle(diff.get(edge.id)!), data: { diff: diff.get(edge.id) }, zIndex: 1 }
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
