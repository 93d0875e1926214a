import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/mock-fetch';
import { makeToken, storeTestSession, testUser } from '../../test/session-fixtures';
import { checkSession } from './session-check';
import { sessionKeys } from './session-store';
import { onSignOut } from './sign-out';

const minutes = (n: number) => n * 60_000;

describe('session check (every 60 s)', () => {
  let unsubscribe: () => void = () => undefined;
  afterEach(() => unsubscribe());

  it('renews a token that expires within 15 minutes and reloads the user', async () => {
    const oldToken = storeTestSession({ expiresInMs: minutes(10) });
    const renewedExpiry = Date.now() + minutes(60);
    const newToken = makeToken(renewedExpiry);
    const renamed = { ...testUser, name: 'Ana S. Lima' };
    const api = mockFetch([
      {
        method: 'PUT',
        path: '/account/v1/authenticate/refresh',
        reply: { body: { token: newToken } },
      },
      { method: 'GET', path: '/api/v1/users/me', reply: { body: renamed } },
    ]);

    await expect(checkSession()).resolves.toBe('renewed');

    const refresh = api.callsTo('PUT', '/account/v1/authenticate/refresh');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]?.headers.Authorization).toBe(`Bearer ${oldToken}`);
    expect(localStorage.getItem(sessionKeys.token)).toBe(newToken);
    expect(Number(localStorage.getItem(sessionKeys.tokenExpiration))).toBe(
      Math.floor(renewedExpiry / 1000) * 1000,
    );
    expect(JSON.parse(localStorage.getItem(sessionKeys.user) ?? '{}')).toMatchObject({
      name: 'Ana S. Lima',
    });
  });

  it('leaves a token with more than 15 minutes alone', async () => {
    storeTestSession({ expiresInMs: minutes(16) });
    const api = mockFetch([]);
    await expect(checkSession()).resolves.toBe('valid');
    expect(api.calls).toHaveLength(0);
  });

  it('signs out an expired session and clears every session key', async () => {
    storeTestSession({ expiresInMs: -1000 });
    localStorage.setItem(sessionKeys.selectedGroup, 'g1');
    localStorage.setItem('impersonatedUser', '{"_id":"x"}');
    const signedOut = vi.fn();
    unsubscribe = onSignOut(signedOut);
    const api = mockFetch([]);

    await expect(checkSession()).resolves.toBe('signed-out');

    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(0);
    for (const key of [...Object.values(sessionKeys), 'impersonatedUser']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('signs out when there is no token at all', async () => {
    const signedOut = vi.fn();
    unsubscribe = onSignOut(signedOut);
    await expect(checkSession()).resolves.toBe('signed-out');
    expect(signedOut).toHaveBeenCalledTimes(1);
  });
});
