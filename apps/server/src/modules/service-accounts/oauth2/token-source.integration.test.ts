import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNetworkGuard } from '../../../adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from '../../../adapters/outbound-http/outbound-http-client';
import { defaultOAuthProviders } from './oauth2.config';
import { createSecretBox } from '../../../lib/secret-box';
import { testEncryptionKey, useTestApp, type TestAccount } from '../../../test/test-app';
import { describeEachDriver } from '../../../test/test-database';
import { createServiceAccountStore } from '../service-account-store';
import { createServiceAccountsService } from '../service-accounts.service';
import { createOAuth2Module, type OAuth2Module } from './oauth2-module';

/** A real OAuth2 authorisation server on 127.0.0.2, counting the token requests it answers. */
const server = new OAuth2Server();
let base = '';
const grants: string[] = [];
const http = createOutboundHttpClient({ guard: createNetworkGuard(['127.0.0.2/32']) });
const signal = new AbortController().signal;

beforeAll(async () => {
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.2');
  base = `http://127.0.0.2:${server.address().port}`;
  server.service.on('beforeResponse', (_response, req) => {
    grants.push((req.body as Record<string, string>).grant_type!);
  });
});

afterAll(async () => {
  await server.stop();
  await http.close();
});

describeEachDriver('OAuth2 access tokens and their health', (driver) => {
  const t = useTestApp(driver);
  let oauth: OAuth2Module;
  let accounts: ReturnType<typeof createServiceAccountsService>;
  const warned: { details: object; message: string }[] = [];

  beforeAll(() => {
    // The module under test on the app's database and clock, with the app's key.
    const store = createServiceAccountStore({
      db: t.database.db,
      box: createSecretBox(testEncryptionKey),
      now: t.clock.now,
    });
    oauth = createOAuth2Module({
      db: t.database.db,
      box: createSecretBox(testEncryptionKey),
      http,
      now: t.clock.now,
      providers: defaultOAuthProviders,
      store,
      log: { warn: (details, message) => warned.push({ details, message }) },
    });
    accounts = createServiceAccountsService({
      db: t.database.db,
      now: t.clock.now,
      box: createSecretBox(testEncryptionKey),
      store,
      http,
      testers: oauth.testers,
    });
  });

  async function create(owner: TestAccount, grant: string) {
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: `OAuth ${Math.random()}`,
      auth_type: 'oauth2',
      oauth2: {
        service_type: 'custom',
        authorize_url: `${base}/authorize`,
        token_url: `${base}/token`,
        client_id: 'cliente-ponte',
        client_secret: 'segredo-do-cliente-123',
        grant_type: grant,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json()._id as string;
  }

  it('hands the stored token until a minute before expiry; concurrent callers share one request', async () => {
    const owner = await t.createAccount();
    const id = await create(owner, 'client_credentials');
    const ask = (force = false) =>
      oauth.tokens.accessToken(owner.workspaceId, id, { force, signal });

    grants.length = 0;
    const first = await ask();
    expect(await ask()).toBe(first);
    expect(grants).toEqual(['client_credentials']);

    // The server's tokens last 3600 s: 58 minutes later one is still handed as it is (the
    // clock is real time plus an offset: a minute of slack for a slow machine), and half a
    // minute before expiry, inside the one-minute margin, a new one is asked for.
    t.clock.advance(58 * 60_000);
    await ask();
    expect(grants).toHaveLength(1);
    t.clock.advance(90_000);
    await ask();
    expect(grants).toHaveLength(2);

    const forced = await Promise.all([ask(true), ask(true), ask(true), ask(true), ask(true)]);
    expect(grants).toHaveLength(3);
    expect(new Set(forced).size).toBe(1);
  });

  it('refreshes ahead of expiry in the background, then leaves fresh tokens alone', async () => {
    const owner = await t.createAccount();
    const id = await create(owner, 'client_credentials');
    await oauth.tokens.accessToken(owner.workspaceId, id, { signal });
    grants.length = 0;
    expect(await oauth.refresher.runOnce()).toBe(0);

    t.clock.advance(3_600_000 - 4 * 60_000);
    expect(await oauth.refresher.runOnce()).toBeGreaterThanOrEqual(1);
    expect(grants).toContain('client_credentials');
    const afterwards = grants.length;
    expect(await oauth.refresher.runOnce()).toBe(0);
    expect(grants).toHaveLength(afterwards);
  });

  it('marks the account for reauthorization when the refresh is refused', async () => {
    const owner = await t.createAccount();
    const id = await create(owner, 'authorization_code');
    await expect(oauth.tokens.accessToken(owner.workspaceId, id, { signal })).rejects.toThrow(
      'ainda não foi autorizada',
    );

    await accounts.patchData(owner.workspaceId, id, {
      access_token: 'token-antigo',
      refresh_token: 'refresh-revogado',
      expires_at: new Date(t.clock.now().getTime() + 30_000).toISOString(),
    });
    server.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'Token has been revoked' };
    });
    const refused = await oauth.tokens
      .accessToken(owner.workspaceId, id, { signal })
      .catch((error: Error) => error);
    expect((refused as Error).message).toBe(
      'Reautorização necessária: O provedor OAuth2 recusou o pedido de token: Token has been revoked Clique em "Reautorizar conta".',
    );
    const stored = await t.request(owner.token).get(`/api/v1/service-accounts/${id}`);
    expect(stored.json().health).toMatchObject({ status: 'reauthorization_required' });
    // The background pass leaves it to the person's new consent.
    grants.length = 0;
    await oauth.refresher.runOnce();
    expect(grants).toEqual([]);
  });

  it('tells the log it was given which account the background pass could not refresh', async () => {
    const owner = await t.createAccount();
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: `OAuth fora do ar ${Math.random()}`,
      auth_type: 'oauth2',
      oauth2: {
        service_type: 'custom',
        // Nobody listens on port 1: the provider cannot be reached.
        token_url: 'http://127.0.0.2:1/token',
        client_id: 'cliente-ponte',
        client_secret: 'segredo-do-cliente-123',
        grant_type: 'client_credentials',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    await accounts.patchData(owner.workspaceId, id, {
      access_token: 'token-quase-vencido',
      expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });

    await oauth.refresher.runOnce();
    const ours = warned.filter(
      (entry) => (entry.details as { account?: { id: string } }).account?.id === id,
    );
    expect(ours).toEqual([
      {
        details: { err: expect.any(Error), account: { workspaceId: owner.workspaceId, id } },
        message: 'falha ao renovar o token OAuth2 de uma conta',
      },
    ]);
    const stored = await t.request(owner.token).get(`/api/v1/service-accounts/${id}`);
    expect(stored.json().health).toMatchObject({ status: 'failed' });
  });
});
