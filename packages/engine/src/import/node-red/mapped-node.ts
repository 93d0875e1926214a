import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { ImportAccountNeed, NodeImportStatus } from '../import-result';
import type { NrNode } from './node-red-export';
import { text } from './node-red-export';

/** Where one of the original's outputs comes out in Ponte: a node and its named output. */
export interface Endpoint {
  uid: string;
  output: string;
}

/** What one original node became. */
export interface MappedNode {
  status: NodeImportStatus;
  notes: string[];
  /** Ponte nodes made from it; the first is the one the report names. */
  nodes: FlowNode[];
  /** The node that receives the original's incoming messages; null when nothing comes in. */
  input: string | null;
  /** By the original's output index (`wires[i]`). */
  outputs: (Endpoint | undefined)[];
  /** Nodes whose `error` output stands for the original's failures (a catch listens there). */
  errorFrom: string[];
  /** Edges between its own nodes (a change node made into a chain). */
  edges?: { source: string; sourceOutput: string; target: string }[];
  account?: Omit<ImportAccountNeed, 'node_uids'> & { node_uid: string };
  /** A call to another original flow: its `flow` param waits for the flow's creation. */
  flowRef?: { node_uid: string; source_id: string };
}

/** What a mapper knows besides the node: the whole export, to look along wires. */
export interface MapContext {
  node: NrNode;
  /** Ponte uid for the node (its original id, kept within Ponte's limits). */
  uid: string;
  byId: Map<string, NrNode>;
  /** Original nodes reachable downstream of `id` (through links and junctions of the tab). */
  downstream(id: string): NrNode[];
  /** The flow (tab or subflow id) an original `link in` lives in. */
  tabOf(id: string): string | undefined;
}

export function ponteUid(id: string): string {
  return id.length <= 90 ? id : id.slice(0, 90);
}

/** Its name in the original, else its type: what the report and the label show. */
export function originalName(node: NrNode): string {
  const name = text(node.name).trim();
  return name || node.type;
}

/** A Ponte node at the original's position, disabled when the original was. */
export function makeNode(
  ctx: MapContext,
  type: string,
  params: Record<string, unknown>,
  options: { suffix?: string; label?: string; dx?: number; disabled?: boolean } = {},
): FlowNode {
  const { node } = ctx;
  const label = (options.label ?? originalName(node)).slice(0, 200);
  const disabled = options.disabled ?? node.d === true;
  return {
    uid: options.suffix ? `${ctx.uid}-${options.suffix}` : ctx.uid,
    type,
    typeVersion: 1,
    label,
    position: {
      x: (typeof node.x === 'number' ? node.x : 0) + (options.dx ?? 0),
      y: typeof node.y === 'number' ? node.y : 0,
    },
    params,
    ...(disabled ? { disabled: true } : {}),
  };
}

/** One Ponte node taking the input and giving every output on `default`. */
export function single(
  ctx: MapContext,
  node: FlowNode,
  status: 'translated' | 'adapted',
  notes: string[] = [],
  ports = 1,
): MappedNode {
  return {
    status: notes.length && status === 'translated' ? 'adapted' : status,
    notes,
    nodes: [node],
    input: node.uid,
    outputs: Array.from({ length: ports }, () => ({ uid: node.uid, output: 'default' })),
    errorFrom: [node.uid],
  };
}

/** How many outputs the original has. */
export function portCount(node: NrNode): number {
  return Array.isArray(node.wires) ? node.wires.length : 0;
}
