import { isApiError } from '../api/api-error';
import { logOut } from './api/log-out';
import { tokenStore } from './session-store';
import { signOut } from './sign-out';

/** How long 'Sair' waits for the server before clearing the browser anyway (offline). */
const serverWaitMs = 5_000;

/**
 * Ends the session of `token` on the server. False when the server could not be told (offline,
 * no answer in time, an error of its own); a 401 means the session had already ended.
 */
export async function endSessionOnServer(token: string): Promise<boolean> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), serverWaitMs);
  try {
    await logOut(token, controller.signal);
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return true;
    console.warn('Não foi possível encerrar a sessão no servidor.', error);
    return false;
  } finally {
    window.clearTimeout(timer);
  }
}

let leaving: Promise<void> | null = null;

/**
 * 'Sair' (spec 1 §2.2, §4): ends the session on the server, then clears the session kept in the
 * browser and goes to the sign-in page. The browser is cleared even when the server cannot be
 * reached. Calls made while one is under way share it.
 */
export function leaveSession(): Promise<void> {
  leaving ??= (async () => {
    const token = tokenStore.get();
    if (token) await endSessionOnServer(token);
    signOut();
  })().finally(() => {
    leaving = null;
  });
  return leaving;
}
