import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useBlocker } from 'react-router';
import type { BlockerFunction } from 'react-router';
import { LeaveEditorModal } from './leave-editor-modal';

export interface UnsavedChanges {
  /** The question; render it once, beside the editor (outside its own modal, if any). */
  dialog: ReactNode;
  /** Lets the next navigation through without asking: a save that moves on when it succeeds. */
  allowNextNavigation: () => void;
  /**
   * Runs `leave` at once when nothing is unsaved, else after 'Sair sem salvar': how a modal
   * editor closes (X, Esc, a click outside, 'Cancelar').
   */
  confirmLeave: (leave: () => void) => void;
}

/**
 * Leaving an editor with unsaved changes asks first (docs/adr/0070): a route change (a link,
 * 'Voltar', 'Cancelar', the browser's back) opens the question; closing or reloading the tab
 * gets the browser's own. A change of the query string alone (a tab, a search) is not leaving.
 * One editor at a time: react-router keeps a single blocker.
 */
export function useUnsavedChanges(dirty: boolean, options: { message?: string } = {}) {
  const allowed = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (allowed.current) {
        allowed.current = false;
        return false;
      }
      return dirty && currentLocation.pathname !== nextLocation.pathname;
    },
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);
  const [pending, setPending] = useState<{ leave: () => void } | null>(null);
  const asking = blocker.state === 'blocked' || pending !== null;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPending(null);
  };
  const leave = () => {
    if (blocker.state === 'blocked') blocker.proceed();
    if (pending) {
      setPending(null);
      pending.leave();
    }
  };

  const result: UnsavedChanges = {
    dialog: (
      <LeaveEditorModal opened={asking} message={options.message} onStay={stay} onLeave={leave} />
    ),
    allowNextNavigation: () => {
      allowed.current = true;
    },
    confirmLeave: (action) => {
      if (dirty) setPending({ leave: action });
      else action();
    },
  };
  return result;
}
