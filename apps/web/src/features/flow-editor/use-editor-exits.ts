import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Ctrl+S / ⌘S saves, wherever the focus is in the editor. */
export function useSaveShortcut(save: () => void) {
  const saveFromKey = useEffectEvent(save);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveFromKey();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** 'Voltar': to the list after a first save or a direct visit, else back in history. */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    const fromNew = new URLSearchParams(location.search).has('fromNew');
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (fromNew || index === 0) void navigate('/flows');
    else void navigate(-1);
  };
}
