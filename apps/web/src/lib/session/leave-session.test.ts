import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/mock-fetch';
import { storeTestSession } from '../../test/session-fixtures';
import { leaveSession } from './leave-session';
import { sessionKeys } from './session-store';
import { onSignOut } from './sign-out';

/** Every key a session keeps in localStorage, impersonation data included. */
const storedKeys = [...Object.values(sessionKeys), 'impersonatedUser'];

function storeEverything(): string {
  const token = storeTestSession();
  localStorage.setItem(sessionKeys.selectedGroup, 'g1');
  localStorage.setItem('impersonatedUser', '{"_id":"x"}');
  return token;
}

const expectCleared = () => {
  for (const key of storedKeys) expect(localStorage.getItem(key), key).toBeNull();
};

describe("'Sair'", () => {
  let unsubscribe: () => void = () => undefined;
  afterEach(() => unsubscribe());

  it('ends the session on the server with its token, then clears the browser and signs out', async () => {
    const token = storeEverything();
    const signedOut = vi.fn();
    unsubscribe = onSignOut(signedOut);
    let storedWhileAsking: string | null = null;
    const api = mockFetch([
      {
        method: 'POST',
        path: '/account/v1/logout',
        reply: () => {
          storedWhileAsking = localStorage.getItem(sessionKeys.token);
          return { status: 204 };
        },
      },
    ]);

    await leaveSession();

    const calls = api.callsTo('POST', '/account/v1/logout');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    // The server is told first; then nothing of the session is left in the browser.
    expect(storedWhileAsking).toBe(token);
    expectCleared();
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'the server fails',
      () => Promise.resolve(new Response('{"message":"Erro interno."}', { status: 500 })),
    ],
    [
      'the session had already ended (401)',
      () => Promise.resolve(new Response('{"message":"Sessão inválida."}', { status: 401 })),
    ],
  ])('still clears the browser when %s', async (_case, answer) => {
    storeEverything();
    const signedOut = vi.fn();
    unsubscribe = onSignOut(signedOut);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(answer));

    await leaveSession();

    expectCleared();
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('two clicks at once make one call', async () => {
    storeEverything();
    const api = mockFetch([{ method: 'POST', path: '/account/v1/logout', reply: { status: 204 } }]);
    await Promise.all([leaveSession(), leaveSession()]);
    expect(api.callsTo('POST', '/account/v1/logout')).toHaveLength(1);
    expectCleared();
  });
});
