import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@ponte/shared/messages';
import type { SsoProvider } from '@ponte/shared/sso.schema';
import { mockFetch, type RecordedCall } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { storeTestSession, testUser, testWorkspace } from '../../test/session-fixtures';

const google: SsoProvider = {
  _id: 'p1',
  name: 'Google Workspace',
  slug: 'google',
  issuer: 'https://accounts.google.com',
  client_id: 'cliente-1',
  has_secret: true,
  scopes: 'openid email profile',
  email_claim: 'email',
  trust_email: false,
  role_claim: null,
  role_map: {},
  allowed_domains: ['empresa.com.br'],
  workspace_id: testWorkspace._id,
  default_role: 'editor',
  enabled: true,
  redirect_uri: 'https://ponte.exemplo.com.br/account/v1/sso/google/callback',
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
};

function open(role: 'owner' | 'admin' = 'owner', instanceOwner = role === 'owner') {
  storeTestSession({
    user: { ...testUser, is_owner: instanceOwner },
    workspace: { ...testWorkspace, role },
  });
  const api = mockFetch([
    {
      method: 'GET',
      path: '/api/v1/sso/providers',
      reply: { body: { items: [google], password_sign_in_disabled: false } },
    },
    {
      method: 'POST',
      path: '/api/v1/sso/providers',
      reply: (call: RecordedCall) => ({
        status: 201,
        body: { ...google, ...(call.body as object) },
      }),
    },
    {
      method: 'PUT',
      path: '/api/v1/sso/settings',
      reply: (call: RecordedCall) => ({ body: call.body }),
    },
    {
      method: 'GET',
      path: '/account/v1/workspaces',
      reply: {
        body: { items: [{ _id: testWorkspace._id, name: testWorkspace.name, current: true }] },
      },
    },
  ]);
  return { api, ...renderApp('/conta/login-unico') };
}

describe("/conta/login-unico 'Login único (SSO)'", () => {
  it('lists the providers with the redirect URI to register, never a secret', async () => {
    open();
    const card = await screen.findByRole('generic', { name: 'Google Workspace' });
    expect(within(card).getByText('Emissor: https://accounts.google.com')).toBeInTheDocument();
    expect(
      within(card).getByText('https://ponte.exemplo.com.br/account/v1/sso/google/callback'),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('empresa.com.br como Editor', { exact: false }),
    ).toBeInTheDocument();
  });

  it("checks a new provider with the shared rules' pt-BR messages, then saves it", async () => {
    const { api, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Adicionar provedor' }));
    await user.type(screen.getByLabelText('Identificador'), 'Com Espaço');
    await user.type(screen.getByLabelText('URL do emissor (issuer)'), 'accounts.google.com');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText(messages.sso.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.sso.slugInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.sso.issuerInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.sso.clientSecretRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/sso/providers')).toHaveLength(0);

    await user.type(screen.getByLabelText('Nome no botão'), 'Keycloak');
    await user.clear(screen.getByLabelText('Identificador'));
    await user.type(screen.getByLabelText('Identificador'), 'keycloak');
    await user.clear(screen.getByLabelText('URL do emissor (issuer)'));
    await user.type(
      screen.getByLabelText('URL do emissor (issuer)'),
      'https://sso.empresa.com.br/realms/ponte',
    );
    await user.type(screen.getByLabelText('Client ID'), 'ponte');
    await user.type(screen.getByLabelText('Client secret'), 'segredo');
    await user.type(screen.getByLabelText('Domínios com entrada automática'), 'Empresa.com.br');
    await user.type(screen.getByLabelText('Claim do papel (opcional)'), 'groups');
    await user.type(screen.getByLabelText('Papel por valor da claim'), 'chefes = Proprietário');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText(messages.sso.roleMapInvalid)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Papel por valor da claim'));
    await user.type(
      screen.getByLabelText('Papel por valor da claim'),
      'ponte-admins = Administrador',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/sso/providers')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/v1/sso/providers')[0]!.body).toMatchObject({
      name: 'Keycloak',
      slug: 'keycloak',
      issuer: 'https://sso.empresa.com.br/realms/ponte',
      client_id: 'ponte',
      client_secret: 'segredo',
      allowed_domains: ['empresa.com.br'],
      role_claim: 'groups',
      role_map: { 'ponte-admins': 'admin' },
      default_role: 'editor',
      enabled: true,
    });
  });

  it('disables password sign-in, saying the instance owner keeps it', async () => {
    const { api, user } = open();
    const toggle = await screen.findByRole('switch', { name: /^Desativar o login com senha/ });
    expect(
      screen.getByText(/O proprietário da instância continua podendo entrar com senha/),
    ).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/sso/settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/v1/sso/settings')[0]!.body).toEqual({
      password_sign_in_disabled: true,
    });
  });

  it('is not offered to whom does not own the instance', async () => {
    const { api } = open('admin');
    expect(await screen.findByText(/não permite gerenciar a instância/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/v1/sso/providers')).toHaveLength(0);
  });

  it("tells a workspace's Proprietário who is not the instance's owner why, without asking", async () => {
    const { api } = open('owner', false);
    expect(await screen.findByText(messages.sso.instanceOwnerOnly)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/v1/sso/providers')).toHaveLength(0);
  });
});
