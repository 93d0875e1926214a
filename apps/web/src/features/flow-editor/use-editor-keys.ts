import { useCallback } from 'react';
import type { KeyboardEvent } from 'react';
import { duplicateNodes, insertDocument } from '@ponte/shared/flow/flow-operations';
import { toast } from '../../lib/toasts';
import type { FlowDraft } from './state/use-flow-draft';
import { copiedDocument, copySelection, newNodeUid, topLeft } from './state/editor-clipboard';

const pasteOffset = 40;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT'
  );
}

/**
 * The canvas shortcuts of `editorShortcuts` (Delete and the mouse ones are React Flow's own).
 * Keys typed into a field keep their usual meaning.
 */
export function useEditorKeys(
  draft: FlowDraft,
  selection: string[],
  select: (uids: string[]) => void,
) {
  const { doc, apply, undo, redo } = draft;
  return useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (isTyping(event.target) || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      const handled = () => {
        event.preventDefault();
        event.stopPropagation();
      };
      if (key === 'z' && !event.shiftKey) {
        handled();
        undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        handled();
        redo();
      } else if (key === 'a') {
        handled();
        select(doc.nodes.map((node) => node.uid));
      } else if (key === 'c' && selection.length > 0) {
        handled();
        const count = copySelection(doc, selection);
        toast.info(count === 1 ? '1 conector copiado.' : `${count} conectores copiados.`);
      } else if (key === 'v') {
        const clip = copiedDocument();
        if (!clip) return;
        handled();
        const corner = topLeft(clip);
        const at = { x: corner.x + pasteOffset, y: corner.y + pasteOffset };
        const result = insertDocument(doc, clip, at, newNodeUid);
        apply(() => result.doc);
        // The pasted copy moves further on each paste, so copies do not pile up.
        copySelectionShifted(clip);
        select(result.uids);
      } else if (key === 'd' && selection.length > 0) {
        handled();
        const result = duplicateNodes(doc, selection, newNodeUid);
        apply(() => result.doc);
        select(result.uids);
      }
    },
    [doc, apply, undo, redo, selection, select],
  );
}

function copySelectionShifted(clip: NonNullable<ReturnType<typeof copiedDocument>>) {
  const moved = {
    ...clip,
    nodes: clip.nodes.map((node) => ({
      ...node,
      position: { x: node.position.x + pasteOffset, y: node.position.y + pasteOffset },
    })),
  };
  copySelection(
    moved,
    moved.nodes.map((node) => node.uid),
  );
}
