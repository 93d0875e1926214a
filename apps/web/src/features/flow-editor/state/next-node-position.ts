import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';

/** The room a node card takes on the canvas (200 px wide), with a gap around it. */
const footprint = { width: 200, height: 80 };
const gap = 40;
/** A click-added node goes one card and a gap to the right of its anchor... */
export const stepRight = footprint.width + gap;
/** ...and one row further down while that place is taken. */
export const stepDown = footprint.height + gap / 2;

type Point = { x: number; y: number };

function overlaps(doc: FlowDocument, at: Point): boolean {
  return doc.nodes.some(
    (node) =>
      Math.abs(node.position.x - at.x) < footprint.width + gap / 2 &&
      Math.abs(node.position.y - at.y) < footprint.height + gap / 4,
  );
}

/**
 * Where a connector added by a click on the palette goes (its top-left corner): to the right
 * of the rightmost anchor (the selection, else the node added last), else at `fallback`
 * (the middle of the view); then down, row by row, until it covers no other node. `shiftY`
 * moves the first place tried up or down from the anchor's row (an output of several).
 */
export function nextNodePosition(
  doc: FlowDocument,
  anchors: readonly string[],
  fallback: Point,
  shiftY = 0,
): Point {
  const wanted = new Set(anchors);
  const anchor = doc.nodes
    .filter((node) => wanted.has(node.uid))
    .reduce<FlowDocument['nodes'][number] | undefined>(
      (best, node) => (!best || node.position.x > best.position.x ? node : best),
      undefined,
    );
  const at = anchor
    ? { x: anchor.position.x + stepRight, y: anchor.position.y + shiftY }
    : { x: Math.round(fallback.x), y: Math.round(fallback.y) };
  for (let row = 0; row < doc.nodes.length + 1; row += 1) {
    const candidate = { x: at.x, y: at.y + row * stepDown };
    if (!overlaps(doc, candidate)) return candidate;
  }
  return { x: at.x, y: at.y + (doc.nodes.length + 1) * stepDown };
}

/**
 * How far up or down from its node a connector added after output `index` of `count` starts,
 * as n8n fans them out: the middle output level with the node, the first above, the last below.
 */
export function outputShift(index: number, count: number): number {
  return Math.round((index - (count - 1) / 2) * stepDown);
}
