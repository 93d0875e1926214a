import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { makeToken, storeTestSession, testUser, testWorkspace } from '../../test/session-fixtures';

const shellCalls = [
  { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
  {
    method: 'GET',
    path: '/account/v1/config',
    reply: { body: { docs_url: null, support_url: null } },
  },
];

describe('/auth hand-off', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('stores the token and its expiry, loads user and workspace, then opens /flows', async () => {
    storeTestSession({ user: { ...testUser, name: 'Sessão antiga' } });
    localStorage.setItem('selectedGroup', 'g-antigo');
    const expiresAt = Date.now() + 3_600_000;
    const token = makeToken(expiresAt);
    const api = mockFetch([
      { method: 'GET', path: '/api/v1/users/me', reply: { body: testUser } },
      { method: 'GET', path: '/api/v1/workspaces/current', reply: { body: testWorkspace } },
      ...shellCalls,
    ]);

    const { router } = renderApp(`/auth?token=${token}`);
    expect(screen.getByText('Redirecionando...')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu do usuário' })).not.toBeInTheDocument();

    await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('tokenExpiration')).toBe(
      String(Math.floor(expiresAt / 1000) * 1000),
    );
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(testUser);
    expect(JSON.parse(localStorage.getItem('workspace') ?? '{}')).toEqual(testWorkspace);
    expect(localStorage.getItem('selectedGroup')).not.toBe('g-antigo');
    expect(api.callsTo('GET', '/api/v1/users/me')[0]?.headers.Authorization).toBe(
      `Bearer ${token}`,
    );
  });

  it('takes the token out of the address bar at once', async () => {
    const token = makeToken(Date.now() + 3_600_000);
    window.history.replaceState(null, '', `/auth?token=${token}`);
    mockFetch([
      { method: 'GET', path: '/api/v1/users/me', reply: { body: testUser } },
      { method: 'GET', path: '/api/v1/workspaces/current', reply: { body: testWorkspace } },
      ...shellCalls,
    ]);
    const { router } = renderApp(`/auth?token=${token}`);
    expect(window.location.href).not.toContain(token);
    expect(window.location.pathname).toBe('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
  });

  describe('with a session of another person stored', () => {
    const other = { ...testUser, _id: 'u2', name: 'Bruno Lima', email: 'bruno@exemplo.com.br' };
    const question = 'Você já está conectado como Ana Souza. Deseja entrar como Bruno Lima?';

    function handOffTo() {
      const current = storeTestSession();
      const token = makeToken(Date.now() + 3_600_000, 'u2');
      const api = mockFetch([
        {
          method: 'GET',
          path: '/api/v1/users/me',
          reply: (call) => ({
            body: call.headers.Authorization === `Bearer ${token}` ? other : testUser,
          }),
        },
        { method: 'GET', path: '/api/v1/workspaces/current', reply: { body: testWorkspace } },
        ...shellCalls,
      ]);
      return { current, token, api, ...renderApp(`/auth?token=${token}`) };
    }

    it('asks first, and keeps the current session when told so', async () => {
      const { current, token, router, user } = handOffTo();
      expect(await screen.findByText(question)).toBeInTheDocument();
      expect(localStorage.getItem('token')).toBe(current);

      await user.click(screen.getByRole('button', { name: 'Manter sessão atual' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
      expect(localStorage.getItem('token')).toBe(current);
      expect(localStorage.getItem('token')).not.toBe(token);
      expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(testUser);
    });

    it('replaces the session with the new person when told so', async () => {
      const { token, router, user } = handOffTo();
      await user.click(await screen.findByRole('button', { name: 'Entrar como Bruno Lima' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
      expect(localStorage.getItem('token')).toBe(token);
      expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(other);
    });
  });

  it('goes to the sign-in page when the user cannot be loaded', async () => {
    mockFetch([
      { method: 'GET', path: '/api/v1/users/me', reply: apiError(401, 'Sessão inválida.') },
      { method: 'GET', path: '/api/v1/workspaces/current', reply: { body: testWorkspace } },
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
    ]);
    const { router } = renderApp(`/auth?token=${makeToken(Date.now() + 3_600_000)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/entrar'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes to the sign-in page without a token', async () => {
    mockFetch([
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
    ]);
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/entrar'));
  });
});
