import { useCallback, useRef, type RefObject } from 'react';
import { useReactFlow } from '@xyflow/react';
import { addNode } from '@ponte/shared/flow/flow-operations';
import { addNodeAfter, outputToFollow, sideOutputs } from '@ponte/shared/flow/flow-follow';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { useNodeLibrary } from '../../../lib/engine/get-node-library';
import { newNodeUid } from './editor-clipboard';
import { nextNodePosition, outputShift } from './next-node-position';

interface AddNodeDeps {
  doc: FlowDocument;
  library: ReturnType<typeof useNodeLibrary>;
  apply: (edit: (current: FlowDocument) => FlowDocument) => void;
  select: (uids: string[]) => void;
  selection: string[];
  canvasRef: RefObject<HTMLDivElement | null>;
}

/** The output a new connector follows, and where a dragged connection was dropped (if it was). */
export interface FollowFrom {
  source: string;
  sourceOutput: string;
  at?: { x: number; y: number };
}

/** Half a node card's height: a node dropped at a point has its input there. */
const inputOffsetY = 28;

/**
 * Adding a connector from the palette: `addAt` drops it at a point of the canvas (drag),
 * `addAfter` adds it after a node's output and connects it (a '+', a connection dropped on the
 * empty canvas), and `addAtCentre` (click) adds it after the one selected node, else right of
 * the selection or of the node added last, never on another node. A new node runs the newest
 * version the library lists; one whose area does not exist yet is never added. Each is one
 * document edit (one undo step); the new node is selected, so its panel opens.
 */
export function useAddNode({ doc, library, apply, select, selection, canvasRef }: AddNodeDeps) {
  const { screenToFlowPosition } = useReactFlow();
  const lastAdded = useRef<string[]>([]);

  const place = useCallback(
    (type: string, position: { x: number; y: number }, from?: FollowFrom): string | undefined => {
      const manifest = library.lookup(type);
      if (!manifest || manifest.available === false) return undefined;
      const node = {
        uid: newNodeUid(),
        type,
        typeVersion: manifest.version,
        position,
        params: {},
        ...(manifest.onErrorDefault ? { onError: manifest.onErrorDefault } : {}),
      };
      apply((current) =>
        from ? addNodeAfter(current, node, from, library.lookup) : addNode(current, node),
      );
      select([node.uid]);
      lastAdded.current = [node.uid];
      return node.uid;
    },
    [apply, select, library],
  );

  const addAt = useCallback(
    (type: string, position: { x: number; y: number }) =>
      place(type, { x: position.x - 100, y: position.y - inputOffsetY }),
    [place],
  );

  const viewCentre = useCallback(() => {
    const box = canvasRef.current?.getBoundingClientRect();
    const point = box
      ? { x: box.left + box.width / 2, y: box.top + box.height / 2 }
      : { x: window.innerWidth / 2, y: window.innerHeight / 2 };
    const centre = screenToFlowPosition(point);
    return { x: centre.x - 100, y: centre.y - inputOffsetY };
  }, [screenToFlowPosition, canvasRef]);

  const addAfter = useCallback(
    (type: string, from: FollowFrom) => {
      if (from.at) {
        place(type, { x: Math.round(from.at.x), y: Math.round(from.at.y - inputOffsetY) }, from);
        return;
      }
      const source = doc.nodes.find((node) => node.uid === from.source);
      const outputs = source ? sideOutputs(source, library.lookup) : [];
      const index = Math.max(0, outputs.indexOf(from.sourceOutput));
      const shift = outputShift(index, Math.max(outputs.length, 1));
      place(type, nextNodePosition(doc, [from.source], viewCentre(), shift), from);
    },
    [place, doc, library, viewCentre],
  );

  const addAtCentre = useCallback(
    (type: string) => {
      const only = selection.length === 1 ? selection[0] : undefined;
      const output = only ? outputToFollow(doc, only, library.lookup) : undefined;
      if (only && output) {
        addAfter(type, { source: only, sourceOutput: output });
        return;
      }
      const anchors = selection.length ? selection : lastAdded.current;
      place(type, nextNodePosition(doc, anchors, viewCentre()));
    },
    [addAfter, place, doc, selection, library, viewCentre],
  );
  return { addAt, addAfter, addAtCentre };
}
