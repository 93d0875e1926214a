import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { copiedDocument, copySelection, newNodeUid, topLeft } from './editor-clipboard';

const doc: FlowDocument = {
  version: 1,
  nodes: [
    {
      uid: 'a',
      type: 'core_log',
      typeVersion: 1,
      position: { x: 100, y: 50 },
      params: { label: 'A' },
      agentTool: { description: 'Registra o pedido.', params: ['label'] },
    },
    { uid: 'b', type: 'core_log', typeVersion: 1, position: { x: 300, y: 20 }, params: {} },
    { uid: 'c', type: 'core_log', typeVersion: 1, position: { x: 500, y: 80 }, params: {} },
  ],
  edges: [
    { id: 'a:default->b', source: 'a', sourceOutput: 'default', target: 'b' },
    { id: 'b:default->c', source: 'b', sourceOutput: 'default', target: 'c' },
  ],
};

describe('the editor clipboard', () => {
  it('copies the selected nodes with only the edges among them, as a deep copy', () => {
    expect(copySelection(doc, ['a', 'b'])).toBe(2);
    const copied = copiedDocument()!;
    expect(copied.nodes.map((node) => node.uid)).toEqual(['a', 'b']);
    expect(copied.edges.map((edge) => edge.id)).toEqual(['a:default->b']);
    expect(copied.nodes[0]!.agentTool).toEqual(doc.nodes[0]!.agentTool);
    (copied.nodes[0]!.params as { label: string }).label = 'mudou';
    expect(doc.nodes[0]?.params).toEqual({ label: 'A' });
    expect(topLeft(copied)).toEqual({ x: 100, y: 20 });
  });

  it('copies nothing when nothing is selected, keeping the last copy', () => {
    copySelection(doc, ['c']);
    expect(copySelection(doc, [])).toBe(0);
    expect(copiedDocument()?.nodes.map((node) => node.uid)).toEqual(['c']);
  });

  it('makes short unique node ids', () => {
    const ids = new Set(Array.from({ length: 200 }, newNodeUid));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^n[0-9a-f]{12}$/);
  });
});
