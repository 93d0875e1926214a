import { useCallback, useSyncExternalStore } from 'react';
import { createStoredValue } from '../../../lib/stored-value';

/** Spec 1 §3: the debugger open/closed preference, kept in localStorage `debuggerOpen`. */
const debuggerOpenStore = createStoredValue<boolean>(
  'debuggerOpen',
  (raw) => raw === 'true',
  (value) => String(value),
);

const read = () => debuggerOpenStore.get() === true;

export function useDebuggerOpen(): [boolean, (open: boolean) => void] {
  const open = useSyncExternalStore(debuggerOpenStore.subscribe, read);
  const set = useCallback((value: boolean) => debuggerOpenStore.set(value), []);
  return [open, set];
}
