import { decodeCallbackData, finishFromCallback } from '../../../test/oauth2-callback';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { serviceAccountSchema } from '@ponte/shared/service-accounts.schema';
import { defaultOAuthProviders, type OAuthProvidersConfig } from './oauth2.config';
import { serviceAccounts } from '../../../db/schema';
import { useTestApp, type TestAccount } from '../../../test/test-app';
import { describeEachDriver } from '../../../test/test-database';

const publicUrl = 'http://ponte.exemplo.test';

/** A real OAuth2 authorisation server on 127.0.0.2 (the guard opens only that address). */
const server = new OAuth2Server();
let base = '';
/** Every token the server handed out, in order. */
const issued: { grant: string; access_token: string; refresh_token?: string }[] = [];

beforeAll(async () => {
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.2');
  base = `http://127.0.0.2:${server.address().port}`;
  providers.google = {
    authUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    apiUrl: base,
    client: { clientId: 'google-id', clientSecret: 'google-secret' },
  };
  server.service.on('beforeResponse', (response, req) => {
    const body = response.body as { access_token?: string; refresh_token?: string };
    if (response.statusCode === 200 && body.access_token)
      issued.push({
        grant: (req.body as Record<string, string>).grant_type!,
        access_token: body.access_token,
        ...(body.refresh_token ? { refresh_token: body.refresh_token } : {}),
      });
  });
});

afterAll(async () => {
  await server.stop();
});

/** Google pointed at the local server once it listens (before the app is built). */
const providers: OAuthProvidersConfig = structuredClone(defaultOAuthProviders);
const decode = decodeCallbackData;

describeEachDriver('OAuth2 authorisation of a service account', (driver) => {
  const t = useTestApp(driver, {
    httpAllowedNetworks: ['127.0.0.2/32'],
    publicUrl,
    oauthProviders: providers,
  });

  async function createOauthAccount(owner: TestAccount, overrides: Record<string, string> = {}) {
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: `OAuth ${Math.random()}`,
      auth_type: 'oauth2',
      oauth2: {
        service_type: 'custom',
        authorize_url: `${base}/authorize`,
        token_url: `${base}/token`,
        client_id: 'cliente-ponte',
        client_secret: 'segredo-do-cliente-123',
        grant_type: 'authorization_code',
        scope: 'pedidos',
        ...overrides,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json()._id as string;
  }

  /** Browser: authorize URL → consent at the server → our return route → callback data. */
  async function consent(owner: TestAccount, id: string) {
    const answer = await t
      .request(owner.token)
      .get(`/api/v1/service-accounts/${id}/oauth2/authorize/`);
    expect(answer.statusCode, answer.body).toBe(200);
    const url = new URL(answer.json().authorization_url);
    const atServer = await fetch(url, { redirect: 'manual' });
    const back = new URL(atServer.headers.get('location')!);
    const returned = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(returned.statusCode).toBe(302);
    const callback = new URL(returned.headers.location as string);
    return {
      url,
      callback,
      data: decode(callback.searchParams.get('data')!),
      state: callback.searchParams.get('state')!,
    };
  }

  it('authorises at the server, stores the tokens encrypted and refreshes on a test', async () => {
    const owner = await t.createAccount();
    const id = await createOauthAccount(owner);
    const { url, callback, data, state } = await consent(owner, id);

    expect(`${url.origin}${url.pathname}`).toBe(`${base}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'cliente-ponte',
      scope: 'pedidos',
      redirect_uri: `${publicUrl}/account/v1/service-accounts/oauth2/return`,
    });
    expect(url.searchParams.get('state')!.startsWith(`${id}_`)).toBe(true);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${publicUrl}/oauth2/callback`);
    expect(data).toEqual({ service_account_id: id, code: expect.any(String) });

    const finished = await t
      .request(owner.token)
      .put(`/api/v1/service-accounts/${id}/oauth2/token`, {
        ...data,
        state,
        grant_type: 'authorization_code',
      });
    expect(finished.statusCode, finished.body).toBe(200);
    const account = serviceAccountSchema.parse(finished.json());
    expect(account.secrets_set).toEqual(
      expect.arrayContaining(['client_secret', 'access_token', 'refresh_token']),
    );
    expect(account.health.status).toBe('ok');
    const first = issued.at(-1)!;
    expect(first.grant).toBe('authorization_code');
    expect(finished.body).not.toContain(first.access_token);
    expect(finished.body).not.toContain(first.refresh_token);
    const [row] = await t.database.db
      .select()
      .from(serviceAccounts)
      .where(eq(serviceAccounts.id, id));
    expect(JSON.stringify(row)).not.toContain(first.access_token);
    expect(JSON.stringify(row)).not.toContain(first.refresh_token);
    expect(JSON.stringify(row)).not.toContain('segredo-do-cliente-123');

    // 'Testar conexão' is a real refresh with the stored refresh token.
    const tested = await t.request(owner.token).post(`/api/v1/service-accounts/${id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({ status: 'ok' });
    expect(issued.at(-1)!.grant).toBe('refresh_token');

    // The same state a second time is refused.
    const replay = await t.request(owner.token).put(`/api/v1/service-accounts/${id}/oauth2/token`, {
      ...data,
      state,
      grant_type: 'authorization_code',
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(messages.serviceAccounts.stateInvalid);
  });

  it('refuses a state of another workspace or account, and an expired one', async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    const id = await createOauthAccount(owner);
    const sibling = await createOauthAccount(owner);
    const theirs = await createOauthAccount(stranger);
    const { data, state } = await consent(owner, id);
    const finish = (token: string, accountId: string) =>
      t.request(token).put(`/api/v1/service-accounts/${accountId}/oauth2/token`, {
        code: data.code,
        state,
        grant_type: 'authorization_code',
      });

    const foreign = await finish(stranger.token, theirs);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(messages.serviceAccounts.stateInvalid);
    const otherAccount = await finish(owner.token, sibling);
    expect(otherAccount.statusCode).toBe(400);
    expect(otherAccount.json().message).toBe(messages.serviceAccounts.stateInvalid);
    // Another workspace cannot even see the account.
    expect((await finish(stranger.token, id)).statusCode).toBe(404);

    // Those attempts did not use the state up; ten minutes later it is dead anyway.
    t.clock.advance(10 * 60 * 1000 + 1_000);
    const expired = await finish(owner.token, id);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(messages.serviceAccounts.stateInvalid);
  });

  it('shows the provider error of the return and a refused code in pt-BR', async () => {
    const owner = await t.createAccount();
    const id = await createOauthAccount(owner);
    const answer = await t
      .request(owner.token)
      .get(`/api/v1/service-accounts/${id}/oauth2/authorize/`);
    const state = new URL(answer.json().authorization_url).searchParams.get('state')!;
    const returned = await t.app.inject({
      method: 'GET',
      url: `/account/v1/service-accounts/oauth2/return?error=access_denied&error_description=${encodeURIComponent('Acesso negado pelo usuário')}&state=${state}`,
    });
    const callback = new URL(returned.headers.location as string);
    const data = decode(callback.searchParams.get('data')!);
    expect(data).toEqual({
      service_account_id: id,
      error: 'access_denied',
      error_description: 'Acesso negado pelo usuário',
    });
    const refused = await t
      .request(owner.token)
      .put(`/api/v1/service-accounts/${id}/oauth2/token`, {
        ...data,
        state: callback.searchParams.get('state'),
        grant_type: 'authorization_code',
      });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Acesso negado pelo usuário');

    const again = await consent(owner, id);
    server.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'code expired' };
    });
    const exchange = await t
      .request(owner.token)
      .put(`/api/v1/service-accounts/${id}/oauth2/token`, {
        ...again.data,
        state: again.state,
        grant_type: 'authorization_code',
      });
    expect(exchange.statusCode).toBe(400);
    expect(exchange.json().message).toBe(
      'O provedor OAuth2 recusou o pedido de token: code expired',
    );
  });

  it('asks a client_credentials token at once and finishes on the callback page', async () => {
    const owner = await t.createAccount();
    const id = await createOauthAccount(owner, { grant_type: 'client_credentials' });
    const answer = await t
      .request(owner.token)
      .get(`/api/v1/service-accounts/${id}/oauth2/authorize/`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(issued.at(-1)!.grant).toBe('client_credentials');
    const callback = new URL(answer.json().authorization_url);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${publicUrl}/oauth2/callback`);
    const finished = await finishFromCallback(t.request(owner.token), id, callback);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().secrets_set).toContain('access_token');
  });

  it('marks the account for reauthorization when the server refuses the refresh', async () => {
    const owner = await t.createAccount();
    const id = await createOauthAccount(owner);
    const { data, state } = await consent(owner, id);
    await t.request(owner.token).put(`/api/v1/service-accounts/${id}/oauth2/token`, {
      ...data,
      state,
      grant_type: 'authorization_code',
    });
    server.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'refresh token revoked' };
    });
    const tested = await t.request(owner.token).post(`/api/v1/service-accounts/${id}/test`);
    expect(tested.json()).toMatchObject({
      status: 'reauthorization_required',
      message: messages.serviceAccountsOauth.reauthorizationRequired(
        'O provedor OAuth2 recusou o pedido de token: refresh token revoked',
      ),
    });
  });

  it('reaches the server only through the network guard', async () => {
    const owner = await t.createAccount();
    const id = await createOauthAccount(owner, {
      grant_type: 'client_credentials',
      token_url: `${base.replace('127.0.0.2', '127.0.0.1')}/token`,
    });
    const answer = await t
      .request(owner.token)
      .get(`/api/v1/service-accounts/${id}/oauth2/authorize/`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('PONTE_HTTP_ALLOWED_NETWORKS');
  });

  it('authorises a Google account through the account API with offline access', async () => {
    const owner = await t.createAccount();
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: 'Planilhas',
      auth_type: 'google_oauth2',
      google_oauth2: {},
    });
    const id = created.json()._id as string;
    const answer = await t
      .request(owner.token)
      .post(`/account/v1/service-accounts/oauth2/authorize/${id}`, { service_account_id: id });
    expect(answer.statusCode, answer.body).toBe(200);
    const url = new URL(answer.json().authorize_url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'google-id',
      access_type: 'offline',
      prompt: 'consent',
    });
    const consentAt = await fetch(url, { redirect: 'manual' });
    const back = new URL(consentAt.headers.get('location')!);
    const returned = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    const callback = new URL(returned.headers.location as string);
    const seen = new Promise<Record<string, string>>((resolve) =>
      server.service.once('beforeResponse', (_response, req) =>
        resolve(req.body as Record<string, string>),
      ),
    );
    const finished = await finishFromCallback(t.request(owner.token), id, callback);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await seen).toMatchObject({ client_id: 'google-id', client_secret: 'google-secret' });
    expect(finished.json().secrets_set).toEqual(['access_token', 'refresh_token']);
  });

  it('refuses the authorisation to a read-only API token', async () => {
    const owner = await t.createAccount();
    const id = await createOauthAccount(owner, { grant_type: 'client_credentials' });
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: 'Token de leitura',
      auth_type: 'ponte_token',
    });
    const readOnly = created.json().token as string;
    const answer = await t
      .request(readOnly)
      .get(`/api/v1/service-accounts/${id}/oauth2/authorize/`);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(messages.serviceAccounts.readOnlyToken);
  });
});
