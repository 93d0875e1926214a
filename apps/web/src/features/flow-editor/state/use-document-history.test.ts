import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { addNode, moveNode } from '@ponte/shared/flow/flow-operations';
import { emptyFlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { useDocumentHistory } from './use-document-history';

const node = (uid: string) => ({
  uid,
  type: 'core_log',
  typeVersion: 1,
  position: { x: 0, y: 0 },
  params: {},
});

describe('useDocumentHistory', () => {
  it('undoes and redoes graph edits, and a new edit drops the redo stack', () => {
    const { result } = renderHook(() => useDocumentHistory(emptyFlowDocument()));
    act(() => result.current.apply((doc) => addNode(doc, node('a'))));
    act(() => result.current.apply((doc) => moveNode(doc, 'a', { x: 50, y: 10 })));
    expect(result.current.doc.nodes[0]?.position).toEqual({ x: 50, y: 10 });

    act(() => result.current.undo());
    expect(result.current.doc.nodes[0]?.position).toEqual({ x: 0, y: 0 });
    expect(result.current.canRedo).toBe(true);
    act(() => result.current.redo());
    expect(result.current.doc.nodes[0]?.position).toEqual({ x: 50, y: 10 });

    act(() => result.current.undo());
    act(() => result.current.apply((doc) => addNode(doc, node('b'))));
    expect(result.current.canRedo).toBe(false);
    expect(result.current.doc.nodes.map((n) => n.uid)).toEqual(['a', 'b']);
  });

  it('records nothing for an edit that changes nothing', () => {
    const { result } = renderHook(() => useDocumentHistory(emptyFlowDocument()));
    act(() => result.current.apply((doc) => addNode(doc, node('a'))));
    const revision = result.current.revision;
    // Adding the same uid again returns the same document: no step, no unsaved change.
    act(() => result.current.apply((doc) => addNode(doc, node('a'))));
    expect(result.current.revision).toBe(revision);
    act(() => result.current.undo());
    expect(result.current.doc.nodes).toEqual([]);
    expect(result.current.canUndo).toBe(false);
  });
});
