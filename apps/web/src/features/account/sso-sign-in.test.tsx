import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { SignInPage } from './sign-in-page';

const options = (passwordSignIn: boolean) => ({
  method: 'GET',
  path: '/account/v1/sso/providers',
  reply: {
    body: {
      providers: [
        { slug: 'google', name: 'Google Workspace' },
        { slug: 'keycloak', name: 'Keycloak' },
      ],
      password_sign_in: passwordSignIn,
    },
  },
});
const setup = { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } };

const renderAt = (path: string) =>
  renderWithProviders(<SignInPage />, { path, pattern: '/conta/entrar', extraPaths: ['/auth'] });

describe('/conta/entrar with single sign-on (docs/adr/0108)', () => {
  it("offers 'Entrar com {provedor}' for each provider, going to the server's start", async () => {
    mockFetch([setup, options(true)]);
    renderAt('/conta/entrar');
    const google = await screen.findByRole('link', { name: 'Entrar com Google Workspace' });
    expect(google).toHaveAttribute('href', '/account/v1/sso/google/start');
    expect(screen.getByRole('link', { name: 'Entrar com Keycloak' })).toHaveAttribute(
      'href',
      '/account/v1/sso/keycloak/start',
    );
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.getByText('ou com e-mail e senha')).toBeInTheDocument();
  });

  it('says why the last SSO sign-in failed, naming the provider', async () => {
    mockFetch([setup, options(true)]);
    renderAt('/conta/entrar?sso_erro=dominio&sso=google');
    expect(
      await screen.findByText(
        'Não foi possível entrar com Google Workspace: o domínio do seu e-mail não tem acesso a este Ponte. Peça um convite.',
      ),
    ).toBeInTheDocument();
  });

  it("hides the password form when it is disabled, behind the owner's link", async () => {
    mockFetch([setup, options(false)]);
    const { user } = renderAt('/conta/entrar');
    await screen.findByRole('link', { name: 'Entrar com Google Workspace' });
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Entrar com senha (proprietário da instância)' }),
    );
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('keeps the password form alone when no provider is configured (or the list fails)', async () => {
    mockFetch([setup]);
    renderAt('/conta/entrar');
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /^Entrar com / })).not.toBeInTheDocument();
    expect(screen.queryByText('ou com e-mail e senha')).not.toBeInTheDocument();
  });
});
