import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { SignInPage } from './sign-in-page';

const renderSignIn = () =>
  renderWithProviders(<SignInPage />, {
    path: '/conta/entrar',
    pattern: '/conta/entrar',
    extraPaths: ['/auth'],
  });

const token = 'cabecalho.corpo.assinatura';

describe('/conta/entrar', () => {
  it('offers the first-account form on a fresh installation and checks it with the shared rules', async () => {
    const api = mockFetch([
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: true } } },
      { method: 'POST', path: '/account/v1/setup', reply: { body: { token } } },
    ]);
    const { user, router } = renderSignIn();
    expect(
      await screen.findByRole('heading', { name: 'Criar a primeira conta' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.getByText('O nome é obrigatório.')).toBeInTheDocument();
    expect(screen.getByText('Informe um e-mail válido.')).toBeInTheDocument();
    expect(screen.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('O nome do workspace é obrigatório.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/account/v1/setup')).toHaveLength(0);

    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'Ana@Exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo123');
    await user.type(screen.getByLabelText('Nome do workspace'), 'Produção');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe(`?token=${encodeURIComponent(token)}`);
    expect(api.callsTo('POST', '/account/v1/setup')[0]?.body).toEqual({
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      password: 'segredo123',
      workspace_name: 'Produção',
    });
  });

  it('signs in and hands the token to /auth', async () => {
    const api = mockFetch([
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
      { method: 'POST', path: '/account/v1/authenticate', reply: { body: { token } } },
    ]);
    const { user, router } = renderSignIn();
    expect(await screen.findByRole('heading', { name: 'Entrar no Ponte' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(api.callsTo('POST', '/account/v1/authenticate')[0]?.body).toEqual({
      email: 'ana@exemplo.com.br',
      password: 'segredo123',
    });
  });

  it.each([
    [401, 'E-mail ou senha incorretos.'],
    [429, 'Muitas tentativas de acesso. Tente novamente em 5 minutos.'],
  ])('shows the server message of a %i under the form', async (status, message) => {
    mockFetch([
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
      { method: 'POST', path: '/account/v1/authenticate', reply: apiError(status, message) },
    ]);
    const { user, router } = renderSignIn();
    await user.type(await screen.findByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'errada123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/conta/entrar');
  });

  it('switches to sign-in when the first account was created meanwhile (409)', async () => {
    let needsSetup = true;
    mockFetch([
      {
        method: 'GET',
        path: '/account/v1/setup',
        reply: () => ({ body: { needs_setup: needsSetup } }),
      },
      {
        method: 'POST',
        path: '/account/v1/setup',
        reply: () => {
          needsSetup = false;
          return apiError(409, 'A primeira conta já foi criada. Entre com seu e-mail e senha.');
        },
      },
    ]);
    const { user } = renderSignIn();
    await user.type(await screen.findByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo123');
    await user.type(screen.getByLabelText('Nome do workspace'), 'Produção');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('heading', { name: 'Entrar no Ponte' })).toBeInTheDocument();
    expect(
      screen.getByText('A primeira conta já foi criada. Entre com seu e-mail e senha.'),
    ).toBeInTheDocument();
  });
});
