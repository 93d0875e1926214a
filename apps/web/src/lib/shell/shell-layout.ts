import { useEffect, useSyncExternalStore } from 'react';

interface ShellOverrides {
  sidebarMinimised?: boolean;
  headerHidden?: boolean;
  /** The page takes the whole area, with no padding nor width limit (the flow editor). */
  fullBleed?: boolean;
}

interface ShellLayoutState {
  /** The person's own choice, kept in localStorage. */
  sidebarMinimised: boolean;
  /** What the current page asks for (the flow editor starts minimised with no header). */
  overrides: ShellOverrides;
}

const storageKey = 'sidebarMinimised';
const listeners = new Set<() => void>();
let state: ShellLayoutState = {
  sidebarMinimised: readPreference(),
  overrides: {},
};

function readPreference(): boolean {
  try {
    return window.localStorage.getItem(storageKey) === 'true';
  } catch {
    return false;
  }
}

function update(next: Partial<ShellLayoutState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toggleSidebar(): void {
  const minimised = !(state.overrides.sidebarMinimised ?? state.sidebarMinimised);
  window.localStorage.setItem(storageKey, String(minimised));
  update({
    sidebarMinimised: minimised,
    overrides: { ...state.overrides, sidebarMinimised: undefined },
  });
}

/** The layout the shell should render now. */
export function useShellLayout(): {
  sidebarMinimised: boolean;
  headerHidden: boolean;
  fullBleed: boolean;
} {
  const current = useSyncExternalStore(subscribe, () => state);
  return {
    sidebarMinimised: current.overrides.sidebarMinimised ?? current.sidebarMinimised,
    headerHidden: current.overrides.headerHidden ?? false,
    fullBleed: current.overrides.fullBleed ?? false,
  };
}

/** Lets a page minimise the sidebar or hide the header while it is shown. */
export function useShellOverrides(overrides: ShellOverrides): void {
  const { sidebarMinimised, headerHidden, fullBleed } = overrides;
  useEffect(() => {
    update({ overrides: { sidebarMinimised, headerHidden, fullBleed } });
    return () => update({ overrides: {} });
  }, [sidebarMinimised, headerHidden, fullBleed]);
}
