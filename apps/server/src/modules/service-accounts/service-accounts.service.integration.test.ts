import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { serviceAccounts } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { createNetworkGuard } from '../../adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from '../../adapters/outbound-http/outbound-http-client';
import { testEncryptionKey, useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import {
  createServiceAccountsService,
  type ServiceAccountsService,
} from './service-accounts.service';

describeEachDriver('service accounts: the service other modules use', (driver) => {
  const t = useTestApp(driver);
  let service: ServiceAccountsService;
  let owner: TestAccount;
  let accountId: string;

  beforeAll(async () => {
    service = createServiceAccountsService({
      db: t.database.db,
      now: t.clock.now,
      box: createSecretBox(testEncryptionKey),
      http: createOutboundHttpClient({ guard: createNetworkGuard() }),
    });
    owner = await t.createAccount();
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: 'OAuth do ERP',
      auth_type: 'oauth2',
      oauth2: {
        client_id: 'cliente',
        client_secret: 'segredo-do-cliente',
        grant_type: 'authorization_code',
        token_url: 'https://erp.exemplo.com.br/token',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    accountId = created.json()._id;
  });

  it('gives the account with its secrets decrypted, only in its own workspace', async () => {
    const account = await service.getDecrypted(owner.workspaceId, accountId);
    expect(account).toMatchObject({
      _id: accountId,
      name: 'OAuth do ERP',
      type: 'oauth2',
      data: {
        client_id: 'cliente',
        client_secret: 'segredo-do-cliente',
        grant_type: 'authorization_code',
        token_url: 'https://erp.exemplo.com.br/token',
        service_type: 'custom',
      },
    });
    expect(account?.updatedAt).toBeInstanceOf(Date);
    const other = await t.createAccount();
    expect(await service.getDecrypted(other.workspaceId, accountId)).toBeUndefined();
    expect(await service.getDecrypted(owner.workspaceId, 'nao-existe')).toBeUndefined();
  });

  it('patches fields, secret ones sealed again, null deleting, the others untouched', async () => {
    const before = (await service.getDecrypted(owner.workspaceId, accountId))!;
    const [rowBefore] = await t.database.db
      .select()
      .from(serviceAccounts)
      .where(eq(serviceAccounts.id, accountId));
    t.clock.advance(1_000);
    const patched = await service.patchData(owner.workspaceId, accountId, {
      access_token: 'at-1',
      refresh_token: 'rt-1',
      expires_at: '2030-01-01T00:00:00.000Z',
    });
    expect(patched?.data).toEqual({
      ...before.data,
      access_token: 'at-1',
      refresh_token: 'rt-1',
      expires_at: '2030-01-01T00:00:00.000Z',
    });
    expect(patched!.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());

    const [row] = await t.database.db
      .select()
      .from(serviceAccounts)
      .where(eq(serviceAccounts.id, accountId));
    expect(row!.secretData).not.toBe(rowBefore!.secretData);
    expect(row!.secretData).not.toContain('at-1');
    expect(row!.publicData).toMatchObject({ expires_at: '2030-01-01T00:00:00.000Z' });
    expect(JSON.stringify(row!.publicData)).not.toContain('rt-1');

    const cleared = await service.patchData(owner.workspaceId, accountId, { refresh_token: null });
    expect(cleared?.data).not.toHaveProperty('refresh_token');
    expect(cleared?.data).toMatchObject({
      access_token: 'at-1',
      client_secret: 'segredo-do-cliente',
    });

    const api = t.request(owner.token);
    expect((await api.get(`/api/v1/service-accounts/${accountId}`)).json().secrets_set).toEqual([
      'client_secret',
      'access_token',
    ]);
    const other = await t.createAccount();
    expect(await service.patchData(other.workspaceId, accountId, { access_token: 'x' })).toBe(
      undefined,
    );
    expect((await service.getDecrypted(owner.workspaceId, accountId))?.data.access_token).toBe(
      'at-1',
    );
  });

  it('keeps the health with the time it was checked; an edit keeps the managed tokens', async () => {
    const before = t.clock.now().toISOString();
    const health = await service.setHealth(owner.workspaceId, accountId, {
      status: 'reauthorization_required',
      message: 'O provedor recusou a renovação do token.',
    });
    expect(health).toEqual({
      status: 'reauthorization_required',
      message: 'O provedor recusou a renovação do token.',
      checked_at: expect.any(String),
    });
    expect(health.checked_at! >= before).toBe(true);
    expect(health.checked_at! <= t.clock.now().toISOString()).toBe(true);
    const api = t.request(owner.token);
    const edited = await api.put(`/api/v1/service-accounts/${accountId}`, {
      name: 'OAuth do ERP',
      auth_type: 'oauth2',
      oauth2: {
        client_id: 'cliente-2',
        grant_type: 'authorization_code',
        domains: 'erp.exemplo.com.br',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().health).toEqual(health);
    const data = (await service.getDecrypted(owner.workspaceId, accountId))!.data;
    expect(data).toMatchObject({
      client_id: 'cliente-2',
      client_secret: 'segredo-do-cliente',
      access_token: 'at-1',
      expires_at: '2030-01-01T00:00:00.000Z',
    });
    expect(data).not.toHaveProperty('token_url');
  });

  it('cannot open what another key sealed', async () => {
    const stranger = createServiceAccountsService({
      db: t.database.db,
      now: t.clock.now,
      box: createSecretBox(randomBytes(32)),
      http: createOutboundHttpClient({ guard: createNetworkGuard() }),
    });
    await expect(stranger.getDecrypted(owner.workspaceId, accountId)).rejects.toThrow();
  });

  it('refuses to test a type without a tester, and keeps the health unchecked', async () => {
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: 'Omie',
      auth_type: 'omie_erp',
      omie_erp: { app_key: 'k', app_secret: 's' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    // This service was built without testers of its own: omie_erp has none among the defaults.
    await expect(service.test(owner.workspaceId, id)).rejects.toMatchObject({
      statusCode: 400,
      message: messages.serviceAccounts.testUnavailable,
    });
    const stored = await t.request(owner.token).get(`/api/v1/service-accounts/${id}`);
    expect(stored.json().health).toMatchObject({ status: 'unchecked' });
  });
});
