import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { FlowDocument, FlowPins } from '@ponte/shared/flow/flow-document.schema';
import { toast } from '../../../lib/toasts';
import type { DocumentEdit } from '../canvas/flow-canvas';

/** What 'Copiar para o editor' carries to /flows/{id} in the router state. */
export interface CopiedPinsState {
  copiedPins: {
    executionId: string;
    pins: FlowPins;
    /** Each copied node's name in the execution, to name those the flow no longer has. */
    labels: Record<string, string>;
  };
}

function copiedPinsOf(state: unknown): CopiedPinsState['copiedPins'] | undefined {
  const copied = (state as Partial<CopiedPinsState> | null)?.copiedPins;
  return copied && typeof copied.pins === 'object' ? copied : undefined;
}

const connectors = (count: number) => (count === 1 ? '1 conector' : `${count} conectores`);

/**
 * Applies the pins an execution's 'Copiar para o editor' brought, once, as one undoable edit
 * (the flow is then unsaved); nodes that no longer exist are named in a toast.
 */
export function useCopiedPins(doc: FlowDocument, apply: (edit: DocumentEdit) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const done = useRef(false);
  const copied = copiedPinsOf(location.state);

  useEffect(() => {
    if (!copied || done.current) return;
    done.current = true;
    const present = new Set(doc.nodes.map((node) => node.uid));
    const uids = Object.keys(copied.pins);
    const kept = uids.filter((uid) => present.has(uid));
    const missing = uids.filter((uid) => !present.has(uid));
    if (kept.length > 0) {
      apply((current) => ({
        ...current,
        pins: {
          ...current.pins,
          ...Object.fromEntries(kept.map((uid) => [uid, copied.pins[uid]!])),
        },
      }));
      toast.success(`Dados copiados como dados fixados em ${connectors(kept.length)}.`);
    } else {
      toast.warning('Nenhum conector desta execução existe mais no flow.');
    }
    if (missing.length > 0) {
      toast.warning(
        `Conectores que não existem mais no flow: ${missing.map((uid) => copied.labels[uid] ?? uid).join(', ')}.`,
      );
    }
    // A reload or a return to this page must not copy them again.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [copied, doc, apply, navigate, location.pathname, location.search]);
}
