import { useCallback, useMemo, useState } from 'react';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import type { PaletteAfter } from '../palette/node-palette';
import type { FollowFrom } from './use-add-node';

interface PaletteTargetDeps {
  doc: FlowDocument;
  lookup: ManifestLookup;
  addAfter: (type: string, from: FollowFrom) => void;
  addAtCentre: (type: string) => void;
}

/**
 * Where the palette's next connector goes. `follow` (a '+', a connection dropped on the empty
 * canvas) makes it go after that output until it is chosen or cancelled; otherwise a click adds
 * at the centre (after the one selected node). A followed node that disappears (undo) ends it.
 */
export function usePaletteTarget({ doc, lookup, addAfter, addAtCentre }: PaletteTargetDeps) {
  const [following, setFollowing] = useState<FollowFrom | null>(null);
  const source = following ? doc.nodes.find((node) => node.uid === following.source) : undefined;
  const cancel = useCallback(() => setFollowing(null), []);

  const after = useMemo<PaletteAfter | undefined>(() => {
    if (!source) return undefined;
    const label = source.label?.trim() || lookup(source.type, source.typeVersion)?.label;
    return { label: label || source.type, onCancel: cancel };
  }, [source, lookup, cancel]);

  const add = useCallback(
    (type: string) => {
      if (following && source) addAfter(type, following);
      else addAtCentre(type);
      setFollowing(null);
    },
    [following, source, addAfter, addAtCentre],
  );

  return { follow: setFollowing, after, add, cancel };
}
