import { selectedGroupStore } from '../groups/selected-group';
import { tokenExpirationStore, tokenStore, userStore, workspaceStore } from './session-store';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Runs `listener` after every sign-out (the app clears its caches and goes to the sign-in page). */
export function onSignOut(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Removes every piece of session data kept in the browser, impersonation data included. */
export function clearSession(): void {
  const impersonationKeys: string[] = [];
  for (let index = 0; index < window.localStorage.length; index += 1) {
    const key = window.localStorage.key(index);
    if (key && key.toLowerCase().startsWith('impersonat')) impersonationKeys.push(key);
  }
  for (const key of impersonationKeys) window.localStorage.removeItem(key);
  for (const store of [tokenStore, tokenExpirationStore, userStore, workspaceStore]) store.remove();
  selectedGroupStore.remove();
}

/** Clears the session and sends the person to the sign-in page. */
export function signOut(): void {
  clearSession();
  for (const listener of listeners) listener();
}
