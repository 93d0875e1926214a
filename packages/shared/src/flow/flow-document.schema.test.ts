import { describe, expect, it } from 'vitest';
import { flowDocumentSchema } from './flow-document.schema';

const node = { uid: 'a', type: 'core_log', position: { x: 0, y: 0 }, params: {} };

describe('flowDocumentSchema', () => {
  it('reads a node of an export older than versions as version 1, and keeps a recorded one', () => {
    const doc = flowDocumentSchema.parse({
      version: 1,
      nodes: [node, { ...node, uid: 'b', typeVersion: 3 }],
      edges: [],
    });
    expect(doc.nodes.map((n) => n.typeVersion)).toEqual([1, 3]);
  });

  it('refuses a version that is not a positive integer', () => {
    for (const typeVersion of [0, -1, 1.5, '2']) {
      const parsed = flowDocumentSchema.safeParse({
        version: 1,
        nodes: [{ ...node, typeVersion }],
        edges: [],
      });
      expect(parsed.success).toBe(false);
    }
  });
});
