import { useCallback, useSyncExternalStore } from 'react';
import { createStoredValue } from '../stored-value';
import { useSessionWorkspace } from '../session/session-store';

/**
 * The group chosen in the header ('' = all groups), kept in localStorage `selectedGroup`.
 * Lists that the spec scopes by group read it through `useSelectedGroup()` and refetch when
 * it changes (their query keys include it).
 */
export const selectedGroupStore = createStoredValue<string>(
  'selectedGroup',
  (raw) => raw,
  (value) => value,
);

export function getSelectedGroup(): string {
  return selectedGroupStore.get() ?? '';
}

export function setSelectedGroup(groupId: string): void {
  selectedGroupStore.set(groupId);
}

export function useSelectedGroup(): [string, (groupId: string) => void] {
  const value = useSyncExternalStore(selectedGroupStore.subscribe, getSelectedGroup);
  const set = useCallback((groupId: string) => setSelectedGroup(groupId), []);
  return [value, set];
}

/**
 * The group a new flow, form, queue, table, dashboard, connector or alert rule starts in: the
 * header's group; with 'all groups' chosen, none, or for a member limited to some groups
 * (docs/adr/0109) the first of theirs, since they may only make things in their groups.
 */
export function useNewItemGroup(): string | null {
  const [selected] = useSelectedGroup();
  const limited = useSessionWorkspace()?.groups;
  return selected || limited?.[0] || null;
}
