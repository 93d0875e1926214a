import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { getCurrentWorkspace } from '../lib/session/api/get-current-workspace';
import { getMe } from '../lib/session/api/get-me';
import { useSessionCheck } from '../lib/session/session-check';
import {
  hasActiveSession,
  useSessionToken,
  useSessionUser,
  useSessionWorkspace,
  userStore,
  workspaceStore,
} from '../lib/session/session-store';
import { signOut } from '../lib/session/sign-out';
import { signInPath } from './session-events';

/**
 * Every route but /auth and /conta/entrar: without a live session, go to the sign-in page. What
 * is left of an ended session (an expired token, its user and workspace) is cleared on the way.
 */
export function RequireSession() {
  const token = useSessionToken();
  if (!token || !hasActiveSession()) return <SessionEnded />;
  return (
    <>
      <SessionKeeper />
      <Outlet />
    </>
  );
}

/** The session ended (or never began): sign out, which clears the browser, and go to sign-in. */
function SessionEnded() {
  useEffect(() => signOut(), []);
  return <Navigate to={signInPath} replace />;
}

/** Checks the session every 60 s and restores the user and workspace if they are missing. */
function SessionKeeper() {
  useSessionCheck();
  const user = useSessionUser();
  const workspace = useSessionWorkspace();

  useEffect(() => {
    if (user && workspace) return;
    Promise.all([getMe({ silent: true }), getCurrentWorkspace({ silent: true })])
      .then(([me, current]) => {
        userStore.set(me);
        workspaceStore.set(current);
      })
      // A 401/403 signs out in the API client; other failures leave the names blank.
      .catch((error: unknown) => console.warn('Não foi possível carregar a sessão.', error));
  }, [user, workspace]);

  return null;
}
