import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiError, mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render';
import { sessionKeys } from '../lib/session/session-store';
import { makeToken, storeTestSession } from '../test/session-fixtures';

function signedIn() {
  storeTestSession();
  return mockFetch([
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
    {
      method: 'GET',
      path: '/account/v1/config',
      reply: { body: { docs_url: null, support_url: null } },
    },
    { method: 'GET', path: '/api/v1/variables', reply: { body: { items: [], total: 0 } } },
    { method: 'GET', path: '/api/v1/flows', reply: { body: { items: [], total: 0 } } },
    { method: 'GET', path: '/api/v1/alert-rules', reply: { body: { items: [], total: 0 } } },
  ]);
}

describe('routes', () => {
  it('sends a visitor without a session to /conta/entrar', async () => {
    mockFetch([
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
    ]);
    const { router } = renderApp('/groups');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/entrar'));
    expect(await screen.findByRole('heading', { name: 'Entrar no Ponte' })).toBeInTheDocument();
  });

  it('treats an expired token as no session, and clears what is left of it', async () => {
    storeTestSession({ expiresInMs: -60_000 });
    localStorage.setItem('selectedGroup', 'g1');
    mockFetch([
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
    ]);
    const { router } = renderApp('/variables');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/entrar'));
    for (const key of Object.values(sessionKeys))
      await waitFor(() => expect(localStorage.getItem(key), key).toBeNull());
  });

  it("goes by the token's own exp when it passed before the stored expiry", async () => {
    storeTestSession();
    localStorage.setItem('token', makeToken(Date.now() - 60_000));
    mockFetch([
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
    ]);
    const { router } = renderApp('/flows');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/entrar'));
    for (const key of Object.values(sessionKeys))
      await waitFor(() => expect(localStorage.getItem(key), key).toBeNull());
  });

  it('clears an expired session left in the browser on a direct visit to the sign-in page', async () => {
    storeTestSession({ expiresInMs: -60_000 });
    mockFetch([
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
    ]);
    renderApp('/conta/entrar');
    expect(await screen.findByRole('heading', { name: 'Entrar no Ponte' })).toBeInTheDocument();
    for (const key of Object.values(sessionKeys))
      await waitFor(() => expect(localStorage.getItem(key), key).toBeNull());
  });

  it('redirects / to /flows', async () => {
    signedIn();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
    expect(screen.getByRole('heading', { name: 'Flows do workspace' })).toBeInTheDocument();
  });

  it.each([
    ['/flows', 'Flows — Ponte'],
    ['/monitoring', 'Monitoramento — Ponte'],
    ['/monitoring/active', 'Execuções em tempo real — Ponte'],
    ['/groups/new', 'Novo grupo — Ponte'],
    ['/forms', 'Formulários — Ponte'],
    ['/nada/aqui', 'Página não encontrada — Ponte'],
    ['/conta/perfil', 'Meu perfil — Ponte'],
    ['/alert-rules', 'Regras de alerta — Ponte'],
    ['/alert-rules/new', 'Nova regra de alerta — Ponte'],
    ['/alert-rules/edit/a', 'Editar regra de alerta — Ponte'],
    ['/alert-rules/delete/a', 'Remover regra de alerta — Ponte'],
    ['/flows/f1/versoes/2', 'Versão do flow — Ponte'],
    ['/flows/f1/versoes/2/comparar', 'Comparar versões do flow — Ponte'],
  ])('%s sets the document title %s', async (path, title) => {
    signedIn();
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('opens the editor address directly without a hydration warning', async () => {
    signedIn();
    const warn = vi.spyOn(console, 'warn');
    const view = renderApp('/flows/f1');
    // While the editor's code loads, a loader stands in for the page.
    expect(screen.getByLabelText('Carregando')).toBeInTheDocument();
    view.unmount();
    const warnings = warn.mock.calls.map((call) => call.join(' '));
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
  });

  it.each([
    '/flows',
    '/flows/delete/f1',
    '/groups',
    '/groups/new',
    '/groups/edit/g1',
    '/groups/delete/g1',
    '/variables',
    '/monitoring',
    '/monitoring/completed',
    '/monitoring/active',
    '/forms',
    '/forms/new',
    '/custom-nodes',
    '/custom-nodes/new',
    '/dashboards',
    '/dashboards/new',
    '/alert-rules',
    '/alert-rules/new',
    '/alert-rules/edit/a',
    '/alert-rules/delete/a',
  ])('%s is a built page', async (path) => {
    signedIn();
    renderApp(path);
    await waitFor(() => expect(screen.getAllByRole('heading').length).toBeGreaterThan(0));
    expect(screen.queryByText('Página não encontrada')).not.toBeInTheDocument();
  });

  it.each([401, 403])('signs out when a page call answers %i', async (status) => {
    storeTestSession();
    mockFetch([
      { method: 'GET', path: '/api/v1/variables', reply: apiError(status, 'Sessão inválida.') },
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
    ]);
    const { router } = renderApp('/variables');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/entrar'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows Página não encontrada for an unknown address, with a way back to /flows', async () => {
    signedIn();
    const { user, router } = renderApp('/nada/aqui');
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ir para os Flows' }));
    expect(router.state.location.pathname).toBe('/flows');
  });
});
