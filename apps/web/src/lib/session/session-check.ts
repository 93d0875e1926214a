import { useEffect } from 'react';
import { limits } from '@ponte/shared/limits';
import { getMe } from './api/get-me';
import { refreshToken } from './api/refresh-token';
import { signOut } from './sign-out';
import { storeSessionToken, storedSessionExpiresAt, tokenStore, userStore } from './session-store';

export type SessionCheckResult = 'valid' | 'renewed' | 'renew-failed' | 'signed-out';

let renewing: Promise<SessionCheckResult> | null = null;

async function renew(): Promise<SessionCheckResult> {
  try {
    const { token } = await refreshToken();
    storeSessionToken(token);
    userStore.set(await getMe({ silent: true }));
    return 'renewed';
  } catch (error) {
    // A 401/403 has already signed out; otherwise the current token stays valid until it expires.
    console.warn('Falha ao renovar a sessão.', error);
    return tokenStore.get() ? 'renew-failed' : 'signed-out';
  }
}

/**
 * Spec 1 §4 Session: an expired or missing token signs out; a token expiring within 15 minutes
 * is renewed and the user reloaded.
 */
export function checkSession(now: number = Date.now()): Promise<SessionCheckResult> {
  const expiresAt = storedSessionExpiresAt();
  if (expiresAt === null || expiresAt <= now) {
    signOut();
    return Promise.resolve('signed-out');
  }
  if (expiresAt - now > limits.sessionRenewWithinMs) return Promise.resolve('valid');
  renewing ??= renew().finally(() => {
    renewing = null;
  });
  return renewing;
}

/** Checks the session now and then every 60 s while mounted. */
export function useSessionCheck(): void {
  useEffect(() => {
    void checkSession();
    const timer = window.setInterval(() => void checkSession(), limits.sessionCheckMs);
    return () => window.clearInterval(timer);
  }, []);
}
