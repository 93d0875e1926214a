import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { serviceAccounts } from '../../db/schema';
import { chain, createFlow } from '../../test/flow-fixtures';
import { connectLive, useLiveSockets } from '../../test/live-client';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const readOnly = {
  statusCode: 403,
  code: 'forbidden',
  message: messages.serviceAccounts.readOnlyToken,
};

describeEachDriver('service accounts: the Ponte API token', (driver) => {
  const t = useTestApp(driver);
  const live = useLiveSockets(t);

  it('is answered once, kept only as a hash, reads its workspace and writes nothing', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const flowId = await createFlow(t, owner, chain({ type: 'core_manual_trigger' }));
    const created = await api.post('/api/v1/service-accounts', {
      name: 'Integração BI',
      auth_type: 'ponte_token',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { _id: id, token } = created.json() as { _id: string; token: string };
    expect(token).toMatch(/^pnt_[A-Za-z0-9_-]{43}$/);

    expect((await api.get(`/api/v1/service-accounts/${id}`)).json()).not.toHaveProperty('token');
    expect((await api.get('/api/v1/service-accounts')).body).not.toContain(token);
    const [row] = await t.database.db
      .select()
      .from(serviceAccounts)
      .where(eq(serviceAccounts.id, id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));

    const reader = t.request(token);
    const flows = await reader.get('/api/v1/flows');
    expect(flows.statusCode, flows.body).toBe(200);
    expect(flows.json().items.map((flow: { _id: string }) => flow._id)).toEqual([flowId]);
    expect((await reader.get(`/api/v1/flows/${flowId}`)).statusCode).toBe(200);
    expect((await reader.get('/api/v1/service-accounts')).json().total).toBe(1);
    expect((await reader.get('/engine/status')).statusCode).toBe(200);

    for (const res of [
      await reader.post('/api/v1/variables', { name: 'X', key: 'X', value: '1' }),
      await reader.put(`/api/v1/flows/${flowId}`, { name: 'Roubado' }),
      await reader.delete(`/api/v1/flows/${flowId}`),
      await reader.post('/api/v1/service-accounts', { name: 'Outro', auth_type: 'ponte_token' }),
      await reader.delete(`/api/v1/service-accounts/${id}?confirm=true`),
      await reader.post(`/engine/flow/manual-trigger/${flowId}`, {}),
      await reader.get('/engine/stop-execution/restart'),
      await reader.get('/account/v1/workspaces'),
      await reader.put('/account/v1/authenticate/refresh', {}),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(readOnly);
    }
    expect((await api.get('/api/v1/variables')).json().total).toBe(0);
    expect((await api.get(`/api/v1/flows/${flowId}`)).json().name).toBe('Flow de teste');
  });

  it("cannot read another workspace's resources", async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    const foreignFlow = await createFlow(t, stranger, chain({ type: 'core_manual_trigger' }));
    const token = (
      await t
        .request(owner.token)
        .post('/api/v1/service-accounts', { name: 'Leitor', auth_type: 'ponte_token' })
    ).json().token as string;
    const reader = t.request(token);
    expect((await reader.get(`/api/v1/flows/${foreignFlow}`)).statusCode).toBe(404);
    expect((await reader.get('/api/v1/flows')).json().total).toBe(0);
    // The live socket (debugger, live monitoring) is for people signed in, not for this token.
    await expect(connectLive(live.url, token)).rejects.toThrow();
    (await live.connect(owner.token)).close();
  });

  it('stops working once its account is removed; a token never issued is refused', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const created = (
      await api.post('/api/v1/service-accounts', { name: 'Temporário', auth_type: 'ponte_token' })
    ).json() as { _id: string; token: string };
    const reader = t.request(created.token);
    expect((await reader.get('/api/v1/flows')).statusCode).toBe(200);
    expect((await api.delete(`/api/v1/service-accounts/${created._id}`)).statusCode).toBe(204);
    const after = await reader.get('/api/v1/flows');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(messages.generic.unauthorized);
    expect((await t.request(`pnt_${'A'.repeat(43)}`).get('/api/v1/flows')).statusCode).toBe(401);
  });
});
