import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { keyDeniedBecause, type Permission } from '@ponte/shared/roles';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { postgresTestUrl } from '../../test/test-database';
import { testRedisUrl, useClusterApps } from '../../test/cluster-apps';

/** A key of the account's workspace with these scopes: its token, shown this once. */
async function keyOf(t: TestContext, account: TestAccount, scopes: Permission[], days?: number) {
  const res = await t.request(account.token).post('/api/v1/api-tokens', {
    name: `Integração ${scopes.join(' ')}`,
    scopes,
    ...(days ? { expires_in_days: days } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; token: string; scopes: string[] };
}

const manualFlow = chain(
  { type: 'core_manual_trigger' },
  { type: 'core_log', params: { label: 'Pedido', message: 'pela chave' } },
);

describe('API keys with scopes (docs/adr/0106)', () => {
  const t = useTestApp('embedded');

  it('reads with a read scope and is refused a write, in pt-BR, with nothing changed', async () => {
    const owner = await t.createAccount();
    const flowId = await createFlow(t, owner, manualFlow);
    const key = await keyOf(t, owner, ['flows.read']);
    expect(key.token).toMatch(/^ponte_/);
    const api = t.request(key.token);
    const list = await api.get('/api/v1/flows');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ items: [expect.objectContaining({ _id: flowId })] });
    const read = await api.get(`/api/v1/flows/${flowId}`);
    const saved = await api.put(`/api/v1/flows/${flowId}`, {
      name: 'Pela chave',
      version: read.json().version,
    });
    expect(saved.statusCode).toBe(403);
    expect(saved.json()).toMatchObject({
      code: 'role_denied',
      message: keyDeniedBecause('flows.write'),
    });
    expect((await api.get(`/api/v1/flows/${flowId}`)).json()).toMatchObject({
      name: 'Flow de teste',
    });
    // A person's own routes are not a key's.
    const me = await api.get('/api/v1/users/me');
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ message: messages.apiKeys.personOnly });
    // Another workspace's flows are not there.
    const stranger = await t.createAccount();
    const theirs = await createFlow(t, stranger, manualFlow);
    expect((await api.get(`/api/v1/flows/${theirs}`)).statusCode).toBe(404);
  });

  it("runs flows with 'executar flows' alone, and reads nothing else", async () => {
    const owner = await t.createAccount();
    const flowId = await createFlow(t, owner, manualFlow);
    const key = await keyOf(t, owner, ['flows.run']);
    const api = t.request(key.token);
    const run = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(run.statusCode, run.body).toBe(200);
    const [execution] = await finished(t, flowId);
    expect(execution).toMatchObject({ status: 'success' });
    const read = await api.get(`/api/v1/flows/${flowId}`);
    expect(read.json()).toMatchObject({ message: keyDeniedBecause('flows.read') });
    expect((await api.get('/api/v1/monitoring/executions/completed')).statusCode).toBe(403);
  });

  it('lists the scopes and the last use, never the token; an area write includes its read', async () => {
    const owner = await t.createAccount();
    const key = await keyOf(t, owner, ['variables.write']);
    expect((await t.request(key.token).get('/api/v1/variables')).statusCode).toBe(200);
    const listed = await t.request(owner.token).get('/api/v1/api-tokens');
    const [item] = (listed.json() as { items: Record<string, unknown>[] }).items;
    expect(item).toMatchObject({ scopes: ['variables.write'] });
    expect(item!.last_used_at).not.toBeNull();
    expect(listed.body).not.toContain(key.token);
  });

  it('lasts at most a year, stops at its expiry, and refuses an empty or unknown scope', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const tooLong = await api.post('/api/v1/api-tokens', {
      name: 'Longa',
      scopes: ['flows.read'],
      expires_in_days: 366,
    });
    expect(tooLong.json()).toMatchObject({ message: messages.mcpServer.tokenExpiryRange });
    const none = await api.post('/api/v1/api-tokens', { name: 'Vazia', scopes: [] });
    expect(none.json()).toMatchObject({ message: messages.apiKeys.scopesRequired });
    const managing = await api.post('/api/v1/api-tokens', {
      name: 'Chefe',
      scopes: ['members.manage'],
    });
    expect(managing.statusCode).toBe(400);

    const key = await keyOf(t, owner, ['flows.read'], 1);
    expect((await t.request(key.token).get('/api/v1/flows')).statusCode).toBe(200);
    t.clock.advance(86_400_000 + 1);
    expect((await t.request(key.token).get('/api/v1/flows')).statusCode).toBe(401);
  });
});

describe.skipIf(!testRedisUrl || !postgresTestUrl)('a key revoked in one API process', () => {
  const cluster = useClusterApps();
  const a = cluster.instance('api');
  const b = cluster.instance('api');

  it('is refused at once by another', async () => {
    const owner = await a.createAccount();
    const key = await keyOf(a, owner, ['flows.read']);
    expect((await b.request(key.token).get('/api/v1/flows')).statusCode).toBe(200);
    const revoked = await a.request(owner.token).delete(`/api/v1/api-tokens/${key._id}`);
    expect(revoked.statusCode).toBe(204);
    const after = await b.request(key.token).get('/api/v1/flows');
    expect(after.statusCode).toBe(401);
  });
});
