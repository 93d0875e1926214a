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
