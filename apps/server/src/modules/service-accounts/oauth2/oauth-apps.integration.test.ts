import { finishFromCallback } from '../../../test/oauth2-callback';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultOAuthProviders, type OAuthProvidersConfig } from './oauth2.config';
import { useTestApp, type TestAccount } from '../../../test/test-app';
import { describeEachDriver } from '../../../test/test-database';

/**
 * A workspace's own OAuth apps (docs/adr/0093). A local token endpoint on 127.0.0.2 stands in
 * for Google's (RFC 6749 §4.1.3 and §6, client_secret_post): it hands out tokens only to the
 * client whose secret it is given and records which client asked.
 */
let server: Server;
let base = '';
const asked: { grant: string; clientId: string | null; clientSecret: string | null }[] = [];
const secrets: Record<string, string> = {
  'ws-google-id': 'segredo-do-workspace-123',
  'env-google-id': 'segredo-do-ambiente-456',
};

async function formOf(request: IncomingMessage) {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return new URLSearchParams(text);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void formOf(request).then((form) => {
      const clientId = form.get('client_id');
      asked.push({
        grant: form.get('grant_type') ?? '',
        clientId,
        clientSecret: form.get('client_secret'),
      });
      const ok = clientId !== null && secrets[clientId] === form.get('client_secret');
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          ok
            ? { access_token: `at-${clientId}`, refresh_token: 'rt-1', expires_in: 3600 }
            : { error: 'invalid_client' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  Object.assign(providers, {
    google: { authUrl: `${base}/authorize`, tokenUrl: `${base}/token`, apiUrl: base, client: null },
    slack: { url: base, client: { clientId: 'env-slack-id', clientSecret: 'env-slack-secret' } },
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Filled once the local server listens (the app is built after this file's beforeAll). */
const providers: OAuthProvidersConfig = structuredClone(defaultOAuthProviders);
const publicUrl = 'http://ponte.exemplo.test';
const secret = 'segredo-do-workspace-123';

describeEachDriver("A workspace's OAuth apps", (driver) => {
  const t = useTestApp(driver, {
    httpAllowedNetworks: ['127.0.0.2/32'],
    publicUrl,
    oauthProviders: providers,
  });

  async function create(owner: TestAccount, type: string) {
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: `${type} ${Math.random()}`,
      auth_type: type,
      [type]: {},
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json()._id as string;
  }

  async function authorizeUrl(owner: TestAccount, id: string) {
    const answer = await t
      .request(owner.token)
      .post(`/account/v1/service-accounts/oauth2/authorize/${id}`, { service_account_id: id });
    expect(answer.statusCode, answer.body).toBe(200);
    return new URL(answer.json().authorize_url as string);
  }

  /** The browser's round trip: consent skipped, the provider's return with a code. */
  async function finish(owner: TestAccount, id: string, url: URL) {
    const state = url.searchParams.get('state')!;
    const back = await t.app.inject({
      method: 'GET',
      url: `/account/v1/service-accounts/oauth2/return?code=codigo&state=${encodeURIComponent(state)}`,
    });
    return finishFromCallback(t.request(owner.token), id, new URL(back.headers.location as string));
  }

  it('stores the secret sealed, never answers it, and keeps each workspace to its own app', async () => {
    const owner = await t.createAccount();
    const other = await t.createAccount({ workspaceName: 'Outro workspace' });
    const api = t.request(owner.token);

    const empty = await api.get('/api/v1/service-accounts/oauth2/apps/google');
    expect(empty.json()).toEqual({
      provider: 'google',
      client_id: null,
      secret_set: false,
      updated_at: null,
      environment_client: false,
      redirect_url: `${publicUrl}/account/v1/service-accounts/oauth2/return`,
      allowed_origin: publicUrl,
    });
    // Without its secret a Google app is kept but cannot authorise yet.
    const noSecret = await api.put('/api/v1/service-accounts/oauth2/apps/google', {
      client_id: 'ws-google-id',
    });
    expect(noSecret.json()).toMatchObject({ client_id: 'ws-google-id', secret_set: false });
    const googleOf = async () =>
      (
        (await api.get('/api/v1/service-accounts/oauth2/providers')).json().providers as {
          type: string;
          configured: boolean;
        }[]
      ).find((p) => p.type === 'google_oauth2')!.configured;
    expect(await googleOf()).toBe(false);
    const unknown = await api.put('/api/v1/service-accounts/oauth2/apps/github', {
      client_id: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Provedor desconhecido: use slack, google ou trello.');

    const saved = await api.put('/api/v1/service-accounts/oauth2/apps/google', {
      client_id: 'ws-google-id',
      client_secret: secret,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ client_id: 'ws-google-id', secret_set: true });
    // A new client id without a secret keeps the stored secret.
    const renamed = await api.put('/api/v1/service-accounts/oauth2/apps/google', {
      client_id: 'ws-google-id',
      client_secret: '',
    });
    expect(renamed.json().secret_set).toBe(true);
    for (const answer of [
      saved,
      renamed,
      await api.get('/api/v1/service-accounts/oauth2/apps/google'),
    ])
      expect(answer.body).not.toContain(secret);

    const { rows: list } = (await t.database.db.execute(
      sql`select row_to_json(r)::text as row, secret_data from oauth_apps r`,
    )) as unknown as { rows: { row: string; secret_data: string }[] };
    expect(list.length).toBeGreaterThan(0);
    for (const { row, secret_data } of list) {
      expect(row).not.toContain(secret);
      expect(secret_data).toMatch(/^v1:/);
    }

    // The other workspace neither sees nor uses it.
    const foreign = t.request(other.token);
    expect(
      (await foreign.get('/api/v1/service-accounts/oauth2/apps/google')).json().client_id,
    ).toBeNull();
    const providersOf = async (api_: typeof api) =>
      (await api_.get('/api/v1/service-accounts/oauth2/providers')).json().providers as {
        type: string;
        configured: boolean;
      }[];
    expect((await providersOf(api)).find((p) => p.type === 'google_oauth2')!.configured).toBe(true);
    expect((await providersOf(foreign)).find((p) => p.type === 'google_oauth2')!.configured).toBe(
      false,
    );
    expect((await foreign.delete('/api/v1/service-accounts/oauth2/apps/google')).statusCode).toBe(
      404,
    );
    expect((await api.get('/api/v1/service-accounts/oauth2/apps/google')).json().client_id).toBe(
      'ws-google-id',
    );
  });

  it("authorises with the workspace's client and refreshes only with the client that authorised", async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    await api.put('/api/v1/service-accounts/oauth2/apps/google', {
      client_id: 'ws-google-id',
      client_secret: secret,
    });
    const id = await create(owner, 'google_oauth2');
    const url = await authorizeUrl(owner, id);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('ws-google-id');
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${publicUrl}/account/v1/service-accounts/oauth2/return`,
    );
    const finished = await finish(owner, id, url);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(asked.at(-1)).toEqual({
      grant: 'authorization_code',
      clientId: 'ws-google-id',
      clientSecret: secret,
    });

    const tested = await api.post(`/api/v1/service-accounts/${id}/test`);
    expect(tested.json().status, tested.body).toBe('ok');
    expect(asked.at(-1)).toMatchObject({ grant: 'refresh_token', clientId: 'ws-google-id' });

    // The workspace replaces its app: the account's tokens belong to the old client.
    await api.put('/api/v1/service-accounts/oauth2/apps/google', {
      client_id: 'env-google-id',
      client_secret: 'segredo-do-ambiente-456',
    });
    const before = asked.length;
    const stale = await api.post(`/api/v1/service-accounts/${id}/test`);
    expect(stale.json().status).toBe('reauthorization_required');
    expect(stale.json().message).toContain(
      'O app OAuth do Google com que esta conta foi autorizada não está mais configurado.',
    );
    expect(asked.length).toBe(before);
    // Authorising again takes the new app.
    expect((await authorizeUrl(owner, id)).searchParams.get('client_id')).toBe('env-google-id');
  });

  it("falls back to the environment's client, and the workspace's app takes over once set", async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const slack = await api.get('/api/v1/service-accounts/oauth2/apps/slack');
    expect(slack.json()).toMatchObject({ client_id: null, environment_client: true });
    const id = await create(owner, 'slack_oauth2');
    expect((await authorizeUrl(owner, id)).searchParams.get('client_id')).toBe('env-slack-id');

    await api.put('/api/v1/service-accounts/oauth2/apps/slack', {
      client_id: 'ws-slack-id',
      client_secret: 'ws-slack-secret',
    });
    expect((await authorizeUrl(owner, id)).searchParams.get('client_id')).toBe('ws-slack-id');

    expect((await api.delete('/api/v1/service-accounts/oauth2/apps/slack')).statusCode).toBe(204);
    expect((await authorizeUrl(owner, id)).searchParams.get('client_id')).toBe('env-slack-id');
  });
});
