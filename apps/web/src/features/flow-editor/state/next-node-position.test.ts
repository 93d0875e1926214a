import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { nextNodePosition, outputShift, stepDown, stepRight } from './next-node-position';

const node = (uid: string, x: number, y: number) => ({
  uid,
  type: 'core_log',
  typeVersion: 1,
  position: { x, y },
  params: {},
});
const docOf = (...nodes: FlowDocument['nodes']): FlowDocument => ({ version: 1, nodes, edges: [] });

describe('where a click on the palette puts a connector', () => {
  it('puts the first one in the middle of the view', () => {
    expect(nextNodePosition(docOf(), [], { x: 120.4, y: 80 })).toEqual({ x: 120, y: 80 });
  });

  it('puts each next one to the right of the anchor, left to right', () => {
    let doc = docOf(node('a', 0, 0));
    const placed: number[] = [];
    let anchor = 'a';
    for (const uid of ['b', 'c', 'd']) {
      const at = nextNodePosition(doc, [anchor], { x: 0, y: 0 });
      doc = docOf(...doc.nodes, node(uid, at.x, at.y));
      placed.push(at.x);
      anchor = uid;
    }
    expect(placed).toEqual([stepRight, 2 * stepRight, 3 * stepRight]);
    expect(new Set(doc.nodes.map((n) => `${n.position.x},${n.position.y}`)).size).toBe(4);
  });

  it('goes right of the rightmost node of a selection', () => {
    const doc = docOf(node('a', 0, 0), node('b', 500, 40));
    expect(nextNodePosition(doc, ['a', 'b'], { x: 0, y: 0 })).toEqual({
      x: 500 + stepRight,
      y: 40,
    });
  });

  it('never lands on another node: it steps down until the place is free', () => {
    const doc = docOf(
      node('a', 0, 0),
      node('b', stepRight, 0),
      node('c', stepRight + 10, stepDown - 5),
    );
    expect(nextNodePosition(doc, ['a'], { x: 0, y: 0 })).toEqual({ x: stepRight, y: 2 * stepDown });
    expect(nextNodePosition(doc, [], { x: 5, y: 5 })).toEqual({ x: 5, y: 5 + stepDown });
  });

  it('falls back to the middle of the view when the anchor is gone', () => {
    expect(nextNodePosition(docOf(node('a', 0, 0)), ['gone'], { x: 600, y: 0 })).toEqual({
      x: 600,
      y: 0,
    });
  });

  it('fans connectors added after the outputs of a node out: first above, last below', () => {
    const doc = docOf(node('c', 0, 200));
    const at = (index: number, count: number) =>
      nextNodePosition(doc, ['c'], { x: 0, y: 0 }, outputShift(index, count));
    expect(at(0, 1)).toEqual({ x: stepRight, y: 200 });
    expect(at(0, 2).y).toBeLessThan(200);
    expect(at(1, 2).y).toBeGreaterThan(200);
    expect(at(1, 3)).toEqual({ x: stepRight, y: 200 });
    // A taken place still moves it down.
    const busy = docOf(node('c', 0, 200), node('x', stepRight, 200 + outputShift(1, 2)));
    expect(nextNodePosition(busy, ['c'], { x: 0, y: 0 }, outputShift(1, 2)).y).toBe(
      200 + outputShift(1, 2) + stepDown,
    );
  });
});
