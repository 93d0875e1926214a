import type { FlowEdge, FlowNode } from '@ponte/shared/flow/flow-document.schema';

/** A template as it is written: the image is drawn from its graph when the catalogue is built. */
export interface TemplateSource {
  /** Stable slug: links and imports rely on it, it never changes. */
  _id: string;
  name: string;
  /** Title drawn on the image when the name is too long for it. */
  imageTitle?: string;
  description: string;
  /** pt-BR, lowercase. */
  tags: string[];
  variables: { key: string; value: string }[];
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** Layout grid: left to right, one column per step. */
export const columnWidth = 260;
export const rowHeight = 160;

/**
 * A node at a grid cell (`row` may be fractional or negative to fan branches out). Templates
 * are written against version 1 of every node type; one written for a newer version says so.
 */
export function node(
  uid: string,
  type: string,
  [column, row]: [number, number],
  label: string,
  params: Record<string, unknown> = {},
  typeVersion = 1,
): FlowNode {
  return {
    uid,
    type,
    typeVersion,
    label,
    position: { x: column * columnWidth, y: row * rowHeight },
    params,
  };
}

/** A connection from `source`'s output (default, true, false, error, a rule name…) to `target`. */
export function edge(source: string, target: string, sourceOutput = 'default'): FlowEdge {
  return { id: `${source}-${sourceOutput}-${target}`, source, sourceOutput, target };
}
