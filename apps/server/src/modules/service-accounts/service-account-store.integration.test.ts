import { beforeAll, expect, it, vi } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { createNetworkGuard } from '../../adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from '../../adapters/outbound-http/outbound-http-client';
import { createSecretBox } from '../../lib/secret-box';
import { testEncryptionKey, useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createServiceAccountStore, type ServiceAccountStore } from './service-account-store';
import { createServiceAccountsService } from './service-accounts.service';

describeEachDriver('service accounts: the store the service and OAuth2 share', (driver) => {
  const t = useTestApp(driver);
  let store: ServiceAccountStore;
  let owner: TestAccount;
  /** The store's own clock, apart from the app's. */
  let at = new Date('2030-05-06T07:08:09.000Z');

  beforeAll(async () => {
    // Built from the database, the key and a clock alone: no service, no tester.
    store = createServiceAccountStore({
      db: t.database.db,
      box: createSecretBox(testEncryptionKey),
      now: () => at,
    });
    owner = await t.createAccount();
  });

  async function create(body: Record<string, unknown>) {
    const created = await t.request(owner.token).post('/api/v1/service-accounts', body);
    expect(created.statusCode, created.body).toBe(201);
    return created.json()._id as string;
  }

  it('reads and patches an account in clear, sealing the secrets as the API keeps them', async () => {
    const id = await create({
      name: `Loja ${Math.random()}`,
      auth_type: 'oauth2',
      oauth2: {
        client_id: 'cliente',
        client_secret: 'segredo-do-cliente',
        grant_type: 'client_credentials',
        token_url: 'https://loja.exemplo.com.br/token',
      },
    });
    expect((await store.getDecrypted(owner.workspaceId, id))?.data).toMatchObject({
      client_id: 'cliente',
      client_secret: 'segredo-do-cliente',
    });

    at = new Date('2030-05-06T07:08:14.000Z');
    const patched = await store.patchData(owner.workspaceId, id, {
      access_token: 'at-loja',
      expires_at: '2031-01-01T00:00:00.000Z',
    });
    expect(patched?.updatedAt.toISOString()).toBe('2030-05-06T07:08:14.000Z');
    const answered = (await t.request(owner.token).get(`/api/v1/service-accounts/${id}`)).json();
    expect(answered.updated_at).toBe('2030-05-06T07:08:14.000Z');
    expect(answered.secrets_set).toEqual(['client_secret', 'access_token']);
    expect(answered.oauth2).toMatchObject({ expires_at: '2031-01-01T00:00:00.000Z' });
    expect(JSON.stringify(answered)).not.toContain('at-loja');

    const other = await t.createAccount();
    expect(await store.getDecrypted(other.workspaceId, id)).toBeUndefined();
    expect(await store.patchData(other.workspaceId, id, { access_token: 'x' })).toBeUndefined();
  });

  it('stamps the health with its clock and cuts a long message at 500 characters', async () => {
    const id = await create({
      name: `Token ${Math.random()}`,
      auth_type: 'bearer_token',
      bearer_token: { url: 'https://api.exemplo.com.br', token: 'segredo' },
    });
    at = new Date('2030-05-06T07:09:00.000Z');
    const health = await store.setHealth(owner.workspaceId, id, {
      status: 'failed',
      message: 'x'.repeat(800),
    });
    expect(health).toEqual({
      status: 'failed',
      message: 'x'.repeat(500),
      checked_at: '2030-05-06T07:09:00.000Z',
    });
    const answered = (await t.request(owner.token).get(`/api/v1/service-accounts/${id}`)).json();
    expect(answered.health).toEqual(health);
  });

  it("answers 404 naming the account when the health is for another workspace's", async () => {
    const id = await create({
      name: `Token ${Math.random()}`,
      auth_type: 'bearer_token',
      bearer_token: { url: 'https://api.exemplo.com.br', token: 'segredo' },
    });
    const other = await t.createAccount();
    await expect(
      store.setHealth(other.workspaceId, id, { status: 'ok', message: null }),
    ).rejects.toMatchObject({
      statusCode: 404,
      message: messages.serviceAccounts.notFound,
      resource: { kind: 'service_account', id },
    });
  });

  it('is the one the service writes through when it is given one', async () => {
    const id = await create({
      name: `Produto ${Math.random()}`,
      auth_type: 'ponte_token',
    });
    const shared = {
      getDecrypted: vi.fn(store.getDecrypted),
      patchData: vi.fn(store.patchData),
      setHealth: vi.fn(store.setHealth),
    };
    const service = createServiceAccountsService({
      db: t.database.db,
      now: t.clock.now,
      box: createSecretBox(testEncryptionKey),
      http: createOutboundHttpClient({ guard: createNetworkGuard() }),
      store: shared,
    });
    const health = await service.test(owner.workspaceId, id);
    expect(health.status).toBe('ok');
    expect(shared.setHealth).toHaveBeenCalledWith(owner.workspaceId, id, {
      status: 'ok',
      message: messages.serviceAccounts.testTokenActive,
    });
    await service.patchData(owner.workspaceId, id, { note: null });
    expect(shared.patchData).toHaveBeenCalledTimes(1);
    await service.getDecrypted(owner.workspaceId, id);
    expect(shared.getDecrypted).toHaveBeenCalledTimes(1);
  });
});
