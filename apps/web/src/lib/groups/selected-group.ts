import { useCallback, useSyncExternalStore } from 'react';
import { createStoredValue } from '../stored-value';

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
