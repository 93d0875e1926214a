import { useCallback, useRef, type RefObject } from 'react';
import { useReactFlow } from '@xyflow/react';
import { addNode } from '@ponte/shared/flow/flow-operations';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { useNodeLibrary } from '../../../lib/engine/get-node-library';
import { newNodeUid } from './editor-clipboard';
import { nextNodePosition } from './next-node-position';

interface AddNodeDeps {
  doc: FlowDocument;
  library: ReturnType<typeof useNodeLibrary>;
  apply: (edit: (current: FlowDocument) => FlowDocument) => void;
  select: (uids: string[]) => void;
  selection: string[];
  canvasRef: RefObject<HTMLDivElement | null>;
}

/**
 * Adding a connector from the palette: `addAt` drops it at a point of the canvas (drag), and
 * `addAtCentre` (click) puts it right of the selection or of the node added last, never on
 * another node. A new node runs the newest version the library lists; one whose area does not
 * exist yet is never added.
 */
export function useAddNode({ doc, library, apply, select, selection, canvasRef }: AddNodeDeps) {
  const { screenToFlowPosition } = useReactFlow();
  const addAt = useCallback(
    (type: string, position: { x: number; y: number }): string | undefined => {
      const manifest = library.lookup(type);
      if (!manifest || manifest.available === false) return undefined;
      const uid = newNodeUid();
      apply((current) =>
        addNode(current, {
          uid,
          type,
          typeVersion: manifest.version,
          position: { x: position.x - 100, y: position.y - 28 },
          params: {},
        }),
      );
      select([uid]);
      return uid;
    },
    [apply, select, library],
  );

  const lastAdded = useRef<string[]>([]);
  const addAtCentre = useCallback(
    (type: string) => {
      const box = canvasRef.current?.getBoundingClientRect();
      const point = box
        ? { x: box.left + box.width / 2, y: box.top + box.height / 2 }
        : { x: window.innerWidth / 2, y: window.innerHeight / 2 };
      const centre = screenToFlowPosition(point);
      const anchors = selection.length ? selection : lastAdded.current;
      const at = nextNodePosition(doc, anchors, { x: centre.x - 100, y: centre.y - 28 });
      const uid = addAt(type, { x: at.x + 100, y: at.y + 28 });
      if (uid) lastAdded.current = [uid];
    },
    [addAt, screenToFlowPosition, doc, selection, canvasRef],
  );
  return { addAt, addAtCentre };
}
