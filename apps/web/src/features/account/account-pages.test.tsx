import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import type { MockRoute } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { makeToken, storeTestSession, testUser, testWorkspace } from '../../test/session-fixtures';

const membersRoute: MockRoute = {
  method: 'GET',
  path: '/api/v1/members',
  reply: { body: { items: [] } },
};

function signedIn(routes: MockRoute[] = [], owner = true) {
  storeTestSession({
    user: { ...testUser, is_owner: owner },
    workspace: { ...testWorkspace, role: owner ? 'owner' : 'editor' },
  });
  return mockFetch(routes);
}

describe('account panel', () => {
  it('shows the user, the links and the way back to the app', async () => {
    signedIn();
    renderApp('/conta');
    expect(screen.getByText('Ana Souza')).toBeInTheDocument();
    expect(screen.getByText('ana@exemplo.com.br')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Meu perfil/ })).toHaveAttribute(
      'href',
      '/conta/perfil',
    );
    expect(screen.getByRole('link', { name: /Workspaces/ })).toHaveAttribute(
      'href',
      '/conta/workspaces',
    );
    expect(screen.getByRole('link', { name: /Membros/ })).toHaveAttribute(
      'href',
      '/conta/usuarios',
    );
    expect(screen.getByRole('link', { name: 'Voltar para o Ponte' })).toHaveAttribute(
      'href',
      '/flows',
    );
  });

  it("'Sair' ends the session on the server, clears the browser and opens the sign-in page", async () => {
    const api = signedIn([
      { method: 'POST', path: '/account/v1/logout', reply: { status: 204 } },
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
    ]);
    const token = localStorage.getItem('token');
    const { user, router } = renderApp('/conta');
    await user.click(screen.getByRole('link', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/entrar'));
    const calls = api.callsTo('POST', '/account/v1/logout');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    for (const key of ['token', 'tokenExpiration', 'user', 'workspace'])
      expect(localStorage.getItem(key), key).toBeNull();
  });

  it('a direct visit to /conta/sair ends the session, even offline, and opens the sign-in page', async () => {
    signedIn([
      { method: 'GET', path: '/account/v1/setup', reply: { body: { needs_setup: false } } },
      { method: 'POST', path: '/account/v1/logout', reply: { status: 503 } },
    ]);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = renderApp('/conta/sair');
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta/entrar'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('workspace')).toBeNull();
  });

  it('shows everyone the members, and the security log only to whom may read it', () => {
    signedIn([], false);
    renderApp('/conta');
    expect(screen.getByRole('link', { name: /Membros/ })).toHaveTextContent(
      'Quem participa do workspace e com que papel.',
    );
    expect(screen.queryByRole('link', { name: /Segurança/ })).not.toBeInTheDocument();
  });

  it('changes the password and keeps the new token', async () => {
    const newToken = makeToken(Date.now() + 3_600_000);
    const api = signedIn([
      { method: 'PUT', path: '/api/v1/users/me/password', reply: { body: { token: newToken } } },
    ]);
    const { user } = renderApp('/conta/perfil');
    await user.type(screen.getByLabelText('Senha atual'), 'antiga123');
    await user.type(screen.getByLabelText('Nova senha'), 'curta');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(screen.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Nova senha'));
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-123');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Senha alterada com sucesso!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(newToken);
    expect(api.callsTo('PUT', '/api/v1/users/me/password')[0]?.body).toEqual({
      current_password: 'antiga123',
      new_password: 'nova-senha-123',
    });
  });

  it('names the password visibility toggles in Portuguese', () => {
    signedIn();
    renderApp('/conta/perfil');
    const toggles = screen.getAllByRole('button', { name: 'Mostrar ou ocultar a senha' });
    expect(toggles).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /password/i })).not.toBeInTheDocument();
  });

  it('saves the name and reloads the user', async () => {
    signedIn([
      {
        method: 'PUT',
        path: '/api/v1/users/me',
        reply: { body: { ...testUser, name: 'Ana Lima' } },
      },
      {
        method: 'GET',
        path: '/api/v1/users/me',
        reply: { body: { ...testUser, name: 'Ana Lima' } },
      },
    ]);
    const { user } = renderApp('/conta/perfil');
    const name = screen.getByLabelText('Nome');
    await user.clear(name);
    await user.type(name, 'Ana Lima');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Perfil salvo com sucesso!')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'Ana Lima' });
  });

  it('enters another workspace through /auth', async () => {
    const token = makeToken(Date.now() + 3_600_000);
    const api = signedIn([
      {
        method: 'GET',
        path: '/account/v1/workspaces',
        reply: {
          body: {
            items: [
              { _id: 'w1', name: 'Produção', current: true },
              { _id: 'w2', name: 'Homologação', current: false },
            ],
          },
        },
      },
      { method: 'POST', path: '/account/v1/workspaces/switch', reply: { body: { token } } },
      { method: 'GET', path: '/api/v1/users/me', reply: { body: testUser } },
      {
        method: 'GET',
        path: '/api/v1/workspaces/current',
        reply: {
          body: {
            _id: 'w2',
            name: 'Homologação',
            engine_url: 'http://localhost:3000/engine',
            role: 'owner',
          },
        },
      },
    ]);
    const { user, router } = renderApp('/conta/workspaces');
    expect(await screen.findByText('Atual')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entrar em Homologação' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('workspace') ?? '{}')).toMatchObject({ _id: 'w2' });
    expect(api.callsTo('POST', '/account/v1/workspaces/switch')[0]?.body).toEqual({
      workspace_id: 'w2',
    });
  });

  it('lets only who manages members add people, and says why to the others', () => {
    signedIn([membersRoute], false);
    renderApp('/conta/usuarios');
    expect(
      screen.getByText('Seu papel (Editor) não permite gerenciar membros.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar usuário' })).not.toBeInTheDocument();
  });

  it('adds a user and shows the server message when the e-mail is taken', async () => {
    let taken = false;
    signedIn([
      membersRoute,
      { method: 'GET', path: '/api/v1/members/invitations', reply: { body: { items: [] } } },
      {
        method: 'POST',
        path: '/account/v1/users',
        reply: () => {
          if (taken) return apiError(409, 'Já existe um usuário com este e-mail.');
          taken = true;
          return { body: { _id: 'u2', name: 'Bruno', email: 'bruno@exemplo.com.br' } };
        },
      },
    ]);
    const { user } = renderApp('/conta/usuarios');
    const fill = async () => {
      await user.type(screen.getByLabelText('Nome'), 'Bruno');
      await user.type(screen.getByLabelText('E-mail'), 'bruno@exemplo.com.br');
      await user.type(screen.getByLabelText('Senha inicial'), 'inicial123');
      await user.click(screen.getByRole('button', { name: 'Adicionar usuário' }));
    };
    await fill();
    expect(await screen.findByText('Usuário adicionado com sucesso!')).toBeInTheDocument();
    await fill();
    expect(await screen.findByText('Já existe um usuário com este e-mail.')).toBeInTheDocument();
  });
});
