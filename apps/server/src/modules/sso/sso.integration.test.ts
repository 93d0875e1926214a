import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import type { SecurityEvent } from '@ponte/shared/security-log.schema';
import type { SsoProvider } from '@ponte/shared/sso.schema';
import {
  signInAtProvider,
  startOidcProvider,
  startOidcStandIn,
  type OidcStandIn,
  type RunningOidcProvider,
} from '../../test/stand-ins/oidc';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

const publicUrl = 'https://ponte.exemplo.com.br';
const client = { clientId: 'ponte', clientSecret: 'segredo-do-cliente-ponte' };
const redirectUri = (slug: string) => `${publicUrl}/account/v1/sso/${slug}/callback`;

/** The state cookie of a start's answer. */
const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

// Single sign-on with OpenID Connect (docs/adr/0108), against a real OpenID provider
// (oidc-provider) on 127.0.0.2, and a stand-in that signs the ID tokens a client must refuse.
describeEachDriver('single sign-on with OpenID Connect', (driver) => {
  const t = useTestApp(driver, { publicUrl, httpAllowedNetworks: ['127.0.0.2/32'] });
  let provider: RunningOidcProvider;
  let standIn: OidcStandIn;
  let owner: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    owner = await t.createAccount({ workspaceName: 'Logística' });
    member = await t.addMember(owner, 'operator', 'Ana Operadora');
    provider = await startOidcProvider({
      client: { ...client, redirectUris: [redirectUri('empresa')] },
      people: {
        ana: { email: member.email.toUpperCase(), email_verified: true, name: 'Ana' },
        bruno: { email: 'bruno@empresa.com.br', email_verified: true, name: 'Bruno Souza' },
        carla: {
          email: 'carla@empresa.com.br',
          email_verified: true,
          name: 'Carla Dias',
          groups: ['financeiro', 'ponte-admins'],
        },
        chefe: { email: 'chefe@empresa.com.br', email_verified: true, groups: ['ponte-owners'] },
        davi: { email: 'davi@outra.com.br', email_verified: true, name: 'Davi' },
        eva: { email: 'eva@empresa.com.br', email_verified: false, name: 'Eva' },
      },
    });
    standIn = await startOidcStandIn({ clientId: client.clientId });
  });

  afterAll(async () => {
    await provider?.close();
    await standIn?.close();
  });

  const api = () => t.request(owner.token);

  async function addProvider(body: Record<string, unknown>): Promise<SsoProvider> {
    const res = await api().post('/api/v1/sso/providers', {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as SsoProvider;
  }

  /** GET …/start: the provider's address and the browser's state cookie. */
  async function start(slug: string) {
    const res = await t.app.inject({ method: 'GET', url: `/account/v1/sso/${slug}/start` });
    expect(res.statusCode, res.body).toBe(302);
    return { location: String(res.headers.location), cookie: cookieOf(res.headers['set-cookie']) };
  }

  /** GET …/callback with what the provider returned; answers where Ponte sends the browser. */
  async function callback(slug: string, returned: URL | string, cookie: string | null) {
    const query = typeof returned === 'string' ? returned : returned.search.slice(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/account/v1/sso/${slug}/callback?${query}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });
    expect(res.statusCode, res.body).toBe(302);
    return String(res.headers.location);
  }

  /** The whole code flow at the real provider, as `login`. */
  async function signIn(slug: string, login: string) {
    const { location, cookie } = await start(slug);
    const returned = await signInAtProvider(location, login);
    return { location: await callback(slug, returned, cookie), returned, cookie };
  }

  const tokenOf = (location: string) => {
    expect(location).toMatch(/^\/auth\?token=/);
    return new URLSearchParams(location.split('?')[1]).get('token')!;
  };

  async function ssoFailures(): Promise<SecurityEvent[]> {
    const res = await api().get('/account/v1/security-log?kind=sso_failed&limit=100');
    return (res.json() as { items: SecurityEvent[] }).items;
  }

  it('signs in a member, and makes a new person of an allowed domain a member with the default role', async () => {
    const created = await addProvider({
      name: 'Empresa',
      slug: 'empresa',
      issuer: provider.issuer,
      allowed_domains: ['empresa.com.br'],
      default_role: 'viewer',
      scopes: 'openid email profile groups',
      role_claim: 'groups',
      role_map: { 'ponte-admins': 'admin' },
    });
    expect(created).toMatchObject({
      has_secret: true,
      redirect_uri: redirectUri('empresa'),
      workspace_id: owner.workspaceId,
    });
    const listed = await api().get('/api/v1/sso/providers');
    expect(listed.body).not.toContain(client.clientSecret);
    expect(JSON.stringify(created)).not.toContain(client.clientSecret);
    expect((await t.request(null).get('/account/v1/sso/providers')).json()).toEqual({
      providers: [{ slug: 'empresa', name: 'Empresa' }],
      password_sign_in: true,
    });

    // PKCE S256, state and nonce in the authorisation request.
    const { location: authorize } = await start('empresa');
    const asked = new URL(authorize).searchParams;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(asked.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(asked.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(asked.get('redirect_uri')).toBe(redirectUri('empresa'));

    // A member (the e-mail in other letter case) signs in to the provider's workspace; the
    // sign-in is in the audit log.
    const ana = tokenOf((await signIn('empresa', 'ana')).location);
    const signedIn = await until(async () => {
      const res = await api().get('/account/v1/security-log?kind=signed_in');
      const items = (res.json() as { items: SecurityEvent[] }).items;
      return items.find((event) => event.user?._id === member.userId);
    }, 'a entrada pelo login único');
    expect(signedIn.detail).toBe('Entrada com o login único (Empresa).');
    const current = await t.request(ana).get('/api/v1/workspaces/current');
    expect(current.json()).toMatchObject({ _id: owner.workspaceId, role: 'operator' });
    expect((await t.request(ana).get('/api/v1/users/me')).json()).toMatchObject({
      _id: member.userId,
    });

    // A new person of empresa.com.br joins with the default role, and has no password.
    const bruno = tokenOf((await signIn('empresa', 'bruno')).location);
    expect((await t.request(bruno).get('/api/v1/workspaces/current')).json()).toMatchObject({
      _id: owner.workspaceId,
      role: 'viewer',
    });
    expect((await t.request(bruno).get('/api/v1/users/me')).json()).toMatchObject({
      name: 'Bruno Souza',
      email: 'bruno@empresa.com.br',
    });
    const password = await t
      .request(null)
      .post('/account/v1/authenticate', { email: 'bruno@empresa.com.br', password: 'sso' });
    expect(password.statusCode).toBe(401);

    // The role claim maps to a role; 'ponte-owners' maps to nothing, so the default.
    const carla = tokenOf((await signIn('empresa', 'carla')).location);
    expect((await t.request(carla).get('/api/v1/workspaces/current')).json()).toMatchObject({
      role: 'admin',
    });
    const chefe = tokenOf((await signIn('empresa', 'chefe')).location);
    expect((await t.request(chefe).get('/api/v1/workspaces/current')).json()).toMatchObject({
      role: 'viewer',
    });
  });

  it('refuses a foreign domain, an unverified e-mail, and a replayed or foreign state', async () => {
    const davi = await signIn('empresa', 'davi');
    expect(davi.location).toBe('/conta/entrar?sso_erro=dominio&sso=empresa');
    const eva = await signIn('empresa', 'eva');
    expect(eva.location).toBe('/conta/entrar?sso_erro=email&sso=empresa');
    const users = await api().get('/api/v1/members');
    expect(users.body).not.toContain('davi@outra.com.br');
    expect(users.body).not.toContain('eva@empresa.com.br');

    // The same return again: the state was spent.
    expect(await callback('empresa', davi.returned, davi.cookie)).toBe(
      '/conta/entrar?sso_erro=estado&sso=empresa',
    );
    // A state never issued, and a return in a browser that did not start it.
    expect(await callback('empresa', 'code=abc&state=inventado', 'ponte_sso_state=inventado')).toBe(
      '/conta/entrar?sso_erro=estado&sso=empresa',
    );
    const { location, cookie } = await start('empresa');
    const returned = await signInAtProvider(location, 'ana');
    expect(await callback('empresa', returned, null)).toBe(
      '/conta/entrar?sso_erro=estado&sso=empresa',
    );
    expect(cookie).toMatch(/^ponte_sso_state=/);
    // An unknown provider.
    const unknown = await t.app.inject({ method: 'GET', url: '/account/v1/sso/nenhum/start' });
    expect(unknown.headers.location).toBe('/conta/entrar?sso_erro=provedor&sso=nenhum');

    const failures = await until(async () => {
      const items = await ssoFailures();
      return items.length >= 5 && items;
    }, 'as falhas de SSO no registro de segurança');
    expect(failures.map((event) => event.detail)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('O domínio de davi@outra.com.br não está entre os permitidos'),
        expect.stringContaining('O e-mail eva@empresa.com.br não está verificado'),
        expect.stringContaining('state desconhecido'),
      ]),
    );
    expect(JSON.stringify(failures)).not.toContain(client.clientSecret);
  });

  // OpenID Connect Core 1.0 §3.1.3.7, ID Token Validation: a client refuses a token of another
  // issuer (step 2), for another audience (3), signed by a key not the issuer's (6), expired (9),
  // or whose nonce is not the one it sent (11).
  it.each([
    ['a wrong nonce', () => ({ claims: { nonce: 'outro-nonce' } })],
    [
      'an expired ID token',
      (nonce: string) => ({ claims: { nonce, exp: 1_700_000_000, iat: 1_699_999_000 } }),
    ],
    [
      'a foreign issuer',
      (nonce: string) => ({ claims: { nonce, iss: 'https://outro.exemplo.com' } }),
    ],
    ['another audience', (nonce: string) => ({ claims: { nonce, aud: 'outro-cliente' } })],
    ['a key not the issuer’s', (nonce: string) => ({ claims: { nonce }, foreignKey: true })],
  ] as const)('refuses %s (OpenID Connect Core 1.0 §3.1.3.7)', async (_case, crafted) => {
    const slug = 'falso';
    const existing = (await api().get('/api/v1/sso/providers')).json() as { items: SsoProvider[] };
    if (!existing.items.some((item) => item.slug === slug)) {
      await addProvider({
        name: 'Provedor falso',
        slug,
        issuer: standIn.issuer,
        allowed_domains: ['exemplo.com.br'],
      });
    }
    const { location, cookie } = await start(slug);
    const asked = new URL(location).searchParams;
    standIn.nextIdToken = crafted(asked.get('nonce')!);
    const returned = `code=codigo&state=${asked.get('state')}`;
    expect(await callback(slug, returned, cookie)).toBe(`/conta/entrar?sso_erro=token&sso=${slug}`);
    expect((await api().get('/api/v1/members')).body).not.toContain('pessoa@exemplo.com.br');
  });

  it('signs in through the stand-in when the ID token is right (the failures above are real refusals)', async () => {
    const { location, cookie } = await start('falso');
    const asked = new URL(location).searchParams;
    standIn.nextIdToken = { claims: { nonce: asked.get('nonce') } };
    const token = tokenOf(
      await callback('falso', `code=codigo&state=${asked.get('state')}`, cookie),
    );
    expect((await t.request(token).get('/api/v1/users/me')).json()).toMatchObject({
      email: 'pessoa@exemplo.com.br',
    });
  });

  it('disables password sign-in for everyone but the instance owner', async () => {
    const settings = await api().put('/api/v1/sso/settings', { password_sign_in_disabled: true });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await t.request(null).get('/account/v1/sso/providers')).json()).toMatchObject({
      password_sign_in: false,
    });
    const refused = await t
      .request(null)
      .post('/account/v1/authenticate', { email: member.email, password: member.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: messages.sso.passwordSignInDisabled });
    const wrong = await t
      .request(null)
      .post('/account/v1/authenticate', { email: member.email, password: 'senha-errada-1' });
    expect(wrong.statusCode).toBe(401);
    const ownerIn = await t
      .request(null)
      .post('/account/v1/authenticate', { email: owner.email, password: owner.password });
    expect(ownerIn.statusCode, ownerIn.body).toBe(200);
    await api().put('/api/v1/sso/settings', { password_sign_in_disabled: false });
    const back = await t
      .request(null)
      .post('/account/v1/authenticate', { email: member.email, password: member.password });
    expect(back.statusCode).toBe(200);
  });

  it('checks what the owner configures and lets no one else near it', async () => {
    const bad = await api().post('/api/v1/sso/providers', {
      name: 'Inseguro',
      slug: 'inseguro',
      issuer: 'http://idp.exemplo.com.br',
      client_id: 'x',
      client_secret: 'y',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: messages.sso.issuerInsecure });
    const owners = await api().post('/api/v1/sso/providers', {
      name: 'Dono',
      slug: 'dono',
      issuer: 'https://idp.exemplo.com.br',
      client_id: 'x',
      client_secret: 'y',
      role_map: { chefes: 'owner' },
    });
    expect(owners.statusCode).toBe(400);
    const taken = await api().post('/api/v1/sso/providers', {
      name: 'De novo',
      slug: 'empresa',
      issuer: 'https://idp.exemplo.com.br',
      client_id: 'x',
      client_secret: 'y',
    });
    expect(taken.json()).toMatchObject({ message: messages.sso.slugTaken });
    const admin = await t.addMember(owner, 'admin');
    expect((await t.request(admin.token).get('/api/v1/sso/providers')).statusCode).toBe(403);
    // A workspace's Proprietário who is not the instance's owner: providers and the password
    // policy hold for every workspace, so they are not theirs to set.
    const coOwner = await t.addMember(owner, 'owner');
    const refused = await t.request(coOwner.token).put('/api/v1/sso/settings', {
      password_sign_in_disabled: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: messages.sso.instanceOwnerOnly });
    expect((await t.request(coOwner.token).get('/api/v1/sso/providers')).statusCode).toBe(403);
  });
});
