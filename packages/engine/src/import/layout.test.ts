import { describe, expect, it } from 'vitest';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { spreadPositions } from './layout';

const at = (uid: string, x: number, y: number): FlowNode => ({
  uid,
  type: 'core_log',
  typeVersion: 1,
  position: { x, y },
  params: {},
});

describe('positions of imported nodes', () => {
  it('moves a node off the one it would cover, keeping the left-to-right order', () => {
    const nodes = [at('c', 320, 80), at('a', 120, 80), at('b', 220, 85)];
    spreadPositions(nodes, { x: 1.5, y: 1.5 });
    const byUid = Object.fromEntries(nodes.map((node) => [node.uid, node.position]));
    expect(byUid.a).toEqual({ x: 180, y: 120 });
    expect(byUid.b!.x).toBe(430);
    expect(byUid.c!.x).toBe(680);
  });

  it('leaves nodes of other rows where they were', () => {
    const nodes = [at('a', 100, 0), at('b', 100, 200)];
    spreadPositions(nodes);
    expect(nodes.map((node) => node.position)).toEqual([
      { x: 100, y: 0 },
      { x: 100, y: 200 },
    ]);
  });
});
