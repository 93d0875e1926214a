import { useCallback, useState } from 'react';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';

const historyLimit = 100;

interface History {
  past: FlowDocument[];
  present: FlowDocument;
  future: FlowDocument[];
  /** Bumped by every change, so the page can tell that the graph changed since the last save. */
  revision: number;
}

/**
 * The graph being edited with its undo and redo stacks (100 steps). `apply` records a step;
 * an edit that returns the same document (the shared operations do that for edits that make
 * no sense) records nothing. `reset` replaces everything (a flow loaded from the server).
 */
export function useDocumentHistory(initial: FlowDocument) {
  const [history, setHistory] = useState<History>({
    past: [],
    present: initial,
    future: [],
    revision: 0,
  });

  const apply = useCallback((edit: (doc: FlowDocument) => FlowDocument) => {
    setHistory((current) => {
      const next = edit(current.present);
      if (next === current.present) return current;
      return {
        past: [...current.past, current.present].slice(-historyLimit),
        present: next,
        future: [],
        revision: current.revision + 1,
      };
    });
  }, []);

  const undo = useCallback(() => {
    setHistory((current) => {
      const previous = current.past.at(-1);
      if (!previous) return current;
      return {
        past: current.past.slice(0, -1),
        present: previous,
        future: [current.present, ...current.future],
        revision: current.revision + 1,
      };
    });
  }, []);

  const redo = useCallback(() => {
    setHistory((current) => {
      const [next, ...rest] = current.future;
      if (!next) return current;
      return {
        past: [...current.past, current.present],
        present: next,
        future: rest,
        revision: current.revision + 1,
      };
    });
  }, []);

  const reset = useCallback((doc: FlowDocument) => {
    setHistory((current) => ({ past: [], present: doc, future: [], revision: current.revision }));
  }, []);

  return {
    doc: history.present,
    revision: history.revision,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    apply,
    undo,
    redo,
    reset,
  };
}
