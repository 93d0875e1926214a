import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';

const preview = {
  workspace_name: 'Logística',
  role: 'operator',
  invited_by: 'Ana Lima',
  expires_at: '2026-12-07T15:00:00.000Z',
};

describe('/convite/:token', () => {
  it('shows where the link leads and makes the account, then signs in', async () => {
    const api = mockFetch([
      { method: 'GET', path: '/account/v1/invitations/abc', reply: { body: preview } },
      {
        method: 'POST',
        path: '/account/v1/invitations/abc/accept',
        reply: { body: { token: 'novo-token' } },
      },
    ]);
    const { user, router } = renderApp('/convite/abc');
    expect(
      await screen.findByRole('heading', { name: 'Convite para o workspace Logística' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ana Lima convidou você/)).toHaveTextContent(
      'Ana Lima convidou você para participar como Operador: executa e para flows',
    );
    expect(screen.getByText('Vale até 07/12/2026 12:00, para uma pessoa só.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByText('O nome é obrigatório.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/account/v1/invitations/abc/accept')).toEqual([]);
    await user.type(screen.getByLabelText('Seu nome'), 'Carla Dias');
    await user.type(screen.getByLabelText('E-mail'), 'carla@exemplo.com.br');
    await user.type(screen.getByLabelText(/^Senha/), 'senha-da-carla-1');
    // Handed to /auth with the session's token (which signs in with it; this made-up one it
    // refuses at once, so every address the router went through is kept).
    const visited: string[] = [];
    router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`));
    await user.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    await waitFor(() => expect(visited).toContain('/auth?token=novo-token'));
    expect(api.callsTo('POST', '/account/v1/invitations/abc/accept')[0]?.body).toEqual({
      name: 'Carla Dias',
      email: 'carla@exemplo.com.br',
      password: 'senha-da-carla-1',
    });
  });

  it('says so when the link is spent, expired or revoked', async () => {
    mockFetch([
      {
        method: 'GET',
        path: '/account/v1/invitations/velho',
        reply: apiError(404, 'Este convite não vale mais: já foi usado, expirou ou foi revogado.'),
      },
    ]);
    renderApp('/convite/velho');
    expect(
      await screen.findByText('Este convite não vale mais: já foi usado, expirou ou foi revogado.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).toBeNull();
  });

  it("lets an existing account accept with its e-mail and password ('Já tenho conta')", async () => {
    let answer = apiError(401, 'E-mail ou senha incorretos.', 'invalid_credentials');
    const api = mockFetch([
      { method: 'GET', path: '/account/v1/invitations/abc', reply: { body: preview } },
      { method: 'POST', path: '/account/v1/invitations/abc/join', reply: () => answer },
    ]);
    const { user, router } = renderApp('/convite/abc');
    await screen.findByRole('heading', { name: 'Convite para o workspace Logística' });
    await user.click(screen.getByText('Já tenho conta'));
    expect(screen.queryByLabelText('Seu nome')).toBeNull();
    await user.type(screen.getByLabelText('E-mail'), 'bruno@exemplo.com.br');
    await user.type(screen.getByLabelText(/^Senha/), 'senha-errada');
    await user.click(screen.getByRole('button', { name: 'Entrar e aceitar o convite' }));
    expect(await screen.findByText('E-mail ou senha incorretos.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/convite/abc');

    answer = { body: { token: 'sessao-no-workspace' } } as typeof answer;
    const visited: string[] = [];
    router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`));
    await user.click(screen.getByRole('button', { name: 'Entrar e aceitar o convite' }));
    // Handed to /auth with the session's token.
    await waitFor(() => expect(visited).toContain('/auth?token=sessao-no-workspace'));
    expect(api.callsTo('POST', '/account/v1/invitations/abc/join')[1]?.body).toEqual({
      email: 'bruno@exemplo.com.br',
      password: 'senha-errada',
    });
  });
});
