import type { FlowDocument, FlowEdge, FlowNode } from '../flow/flow-document.schema';
import { diffValues, sameValue, type ValueChange } from './value-diff';

/** A flow version's `document` (the server's `flowVersionDocument`), as the diff reads it. */
export interface FlowVersionDocument {
  name: string;
  enabled: boolean;
  group: string | null;
  variables: { key: string; value: string }[];
  data: FlowDocument;
  description: string;
  config: Record<string, unknown>;
}

/** The options of a flow the diff compares as one object: its name, status, group, notes, config. */
export const flowOptionFields = ['name', 'enabled', 'group', 'description', 'config'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const arrayOf = <T>(value: unknown, keep: (item: unknown) => item is T): T[] =>
  Array.isArray(value) ? value.filter(keep) : [];

const isNode = (item: unknown): item is FlowNode =>
  isRecord(item) && typeof item.uid === 'string' && isRecord(item.position);

const isEdge = (item: unknown): item is FlowEdge =>
  isRecord(item) && typeof item.source === 'string' && typeof item.target === 'string';

const isVariable = (item: unknown): item is { key: string; value: string } =>
  isRecord(item) && typeof item.key === 'string';

/**
 * A version's document as the diff and the canvas read it: what is missing (a document saved
 * before a field existed) is read as empty, never as an error.
 */
export function flowVersionDocument(value: unknown): FlowVersionDocument {
  const doc = isRecord(value) ? value : {};
  const data = isRecord(doc.data) ? doc.data : {};
  return {
    name: typeof doc.name === 'string' ? doc.name : '',
    enabled: doc.enabled === true,
    group: typeof doc.group === 'string' ? doc.group : null,
    variables: arrayOf(doc.variables, isVariable),
    data: {
      version: 1,
      nodes: arrayOf(data.nodes, isNode),
      edges: arrayOf(data.edges, isEdge),
      ...(isRecord(data.pins) ? { pins: data.pins as FlowDocument['pins'] } : {}),
    },
    description: typeof doc.description === 'string' ? doc.description : '',
    config: isRecord(doc.config) ? doc.config : {},
  };
}

export interface NodeMove {
  uid: string;
  before: { x: number; y: number };
  after: { x: number; y: number };
}

export interface NodeChange {
  uid: string;
  before: FlowNode;
  after: FlowNode;
  /** What changed besides the position: `['params', 'url']`, `['label']`, `['disabled']`… */
  changes: ValueChange[];
}

export interface VariableChange {
  key: string;
  before: string;
  after: string;
}

/** What changed from one version of a flow to another (docs/adr/0103). */
export interface FlowDiff {
  nodes: {
    added: FlowNode[];
    /** As they were in the older version (the canvas draws them as ghosts). */
    removed: FlowNode[];
    moved: NodeMove[];
    changed: NodeChange[];
  };
  /** Matched by source, output and target: a reconnection is one removed and one added. */
  edges: { added: FlowEdge[]; removed: FlowEdge[] };
  variables: {
    added: { key: string; value: string }[];
    removed: { key: string; value: string }[];
    changed: VariableChange[];
  };
  /** Paths start with one of `flowOptionFields`: `['name']`, `['config', 'rate_limit']`. */
  options: ValueChange[];
  /** Nodes whose pinned output ('Fixar saída') was added, changed or removed. */
  pins: string[];
}

/** Positions closer than half a pixel are the same place (a drag leaves fractions behind). */
const samePlace = (a: FlowNode['position'], b: FlowNode['position']) =>
  Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5;

const withoutPosition = ({ position: _position, ...rest }: FlowNode) => rest;

export const edgeKey = (edge: Pick<FlowEdge, 'source' | 'sourceOutput' | 'target'>) =>
  `${edge.source}\u0000${edge.sourceOutput}\u0000${edge.target}`;

function diffNodes(before: FlowNode[], after: FlowNode[]): FlowDiff['nodes'] {
  const old = new Map(before.map((node) => [node.uid, node]));
  const now = new Set(after.map((node) => node.uid));
  const result: FlowDiff['nodes'] = { added: [], removed: [], moved: [], changed: [] };
  for (const node of after) {
    const previous = old.get(node.uid);
    if (!previous) {
      result.added.push(node);
      continue;
    }
    if (!samePlace(previous.position, node.position)) {
      result.moved.push({ uid: node.uid, before: previous.position, after: node.position });
    }
    const changes = diffValues(withoutPosition(previous), withoutPosition(node));
    if (changes.length)
      result.changed.push({ uid: node.uid, before: previous, after: node, changes });
  }
  result.removed = before.filter((node) => !now.has(node.uid));
  return result;
}

function diffEdges(before: FlowEdge[], after: FlowEdge[]): FlowDiff['edges'] {
  const old = new Set(before.map(edgeKey));
  const now = new Set(after.map(edgeKey));
  return {
    added: after.filter((edge) => !old.has(edgeKey(edge))),
    removed: before.filter((edge) => !now.has(edgeKey(edge))),
  };
}

function diffVariables(
  before: FlowVersionDocument['variables'],
  after: FlowVersionDocument['variables'],
): FlowDiff['variables'] {
  const old = new Map(before.map((variable) => [variable.key, variable.value]));
  const now = new Map(after.map((variable) => [variable.key, variable.value]));
  return {
    added: after.filter((variable) => !old.has(variable.key)),
    removed: before.filter((variable) => !now.has(variable.key)),
    changed: after
      .filter((variable) => old.has(variable.key) && old.get(variable.key) !== variable.value)
      .map((variable) => ({
        key: variable.key,
        before: old.get(variable.key)!,
        after: variable.value,
      })),
  };
}

function diffPins(before: FlowDocument['pins'], after: FlowDocument['pins']): string[] {
  const uids = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return uids.filter((uid) => !sameValue(before?.[uid], after?.[uid]));
}

const optionsOf = (doc: FlowVersionDocument) =>
  Object.fromEntries(flowOptionFields.map((field) => [field, doc[field]]));

/** The changes from `before` to `after`, two versions' documents (or anything like them). */
export function diffFlowVersions(before: unknown, after: unknown): FlowDiff {
  const older = flowVersionDocument(before);
  const newer = flowVersionDocument(after);
  return {
    nodes: diffNodes(older.data.nodes, newer.data.nodes),
    edges: diffEdges(older.data.edges, newer.data.edges),
    variables: diffVariables(older.variables, newer.variables),
    options: diffValues(optionsOf(older), optionsOf(newer)),
    pins: diffPins(older.data.pins, newer.data.pins),
  };
}

/** How many things changed: each node, edge, variable, option and pin counts once. */
export function countFlowChanges(diff: FlowDiff): number {
  const nodes = new Set([
    ...diff.nodes.added.map((node) => node.uid),
    ...diff.nodes.removed.map((node) => node.uid),
    ...diff.nodes.moved.map((move) => move.uid),
    ...diff.nodes.changed.map((change) => change.uid),
  ]);
  const { variables } = diff;
  return (
    nodes.size +
    diff.edges.added.length +
    diff.edges.removed.length +
    variables.added.length +
    variables.removed.length +
    variables.changed.length +
    diff.options.length +
    diff.pins.length
  );
}

/** What the canvas of a comparison marks on each node: the worst of its changes. */
export type NodeDiffMark = 'added' | 'removed' | 'changed' | 'moved';

export function nodeDiffMarks(diff: FlowDiff): Map<string, NodeDiffMark> {
  const marks = new Map<string, NodeDiffMark>();
  for (const move of diff.nodes.moved) marks.set(move.uid, 'moved');
  for (const change of diff.nodes.changed) marks.set(change.uid, 'changed');
  for (const node of diff.nodes.added) marks.set(node.uid, 'added');
  for (const node of diff.nodes.removed) marks.set(node.uid, 'removed');
  return marks;
}
