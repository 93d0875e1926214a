import { useCallback } from 'react';
import type { KeyboardEvent } from 'react';
import { duplicateNodes, insertDocument } from '@ponte/shared/flow/flow-operations';
import { toast } from '../../lib/toasts';
import type { FlowDraft } from './state/use-flow-draft';
import { copySelection, newNodeUid, nextPaste } from './state/editor-clipboard';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    // React Flow's mark for an editor (the code editor, the node panel): its keys are its own.
    target.closest('.nokey') !== null ||
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
        const paste = nextPaste();
        if (!paste) return;
        handled();
        const result = insertDocument(doc, paste.doc, paste.at, newNodeUid);
        apply(() => result.doc);
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
