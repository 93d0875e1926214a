import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';

/**
 * The room a node takes on Ponte's canvas with its '+' handle (its card is about 205 × 58 px):
 * n8n draws 100 px squares and Node-RED 120 × 30 px boxes, so the original's spacing can put
 * Ponte's cards over each other.
 */
const room = { width: 250, height: 80 };

/**
 * Positions for Ponte's canvas (ADR 0135, 0136): scaled from the original's (Node-RED's boxes
 * are smaller than Ponte's cards), then every node that would overlap one to its left is moved
 * right, in the original's left-to-right order, so the picture keeps its shape and nothing is
 * drawn under something else.
 */
export function spreadPositions(nodes: FlowNode[], scale = { x: 1, y: 1 }): void {
  const order = [...nodes].sort(
    (a, b) => a.position.x - b.position.x || a.position.y - b.position.y,
  );
  const placed: FlowNode[] = [];
  for (const node of order) {
    node.position = {
      x: Math.round(node.position.x * scale.x),
      y: Math.round(node.position.y * scale.y),
    };
    for (const other of placed) {
      const overlaps =
        Math.abs(other.position.y - node.position.y) < room.height &&
        node.position.x < other.position.x + room.width &&
        node.position.x > other.position.x - room.width;
      if (overlaps) node.position = { ...node.position, x: other.position.x + room.width };
    }
    placed.push(node);
  }
}
