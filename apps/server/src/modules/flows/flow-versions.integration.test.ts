import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { versionListSchema, versionSchema } from '@ponte/shared/versions.schema';
import { workspaces } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { changeTime } from '../versions/versions.service';
import { flowTestNodes, testDocument } from './flows-test-nodes';

const m = messages.versions;

describeEachDriver('flow versions', (driver) => {
  const t = useTestApp(driver, { nodes: flowTestNodes });

  /** The owner and a second person of the same workspace, each with a session. */
  async function twoPeople() {
    const owner = await t.createAccount();
    const added = await t.request(owner.token).post('/account/v1/users', {
      name: 'Beatriz Souza',
      email: `beatriz-${owner.workspaceId.slice(0, 8)}@exemplo.com.br`,
      password: owner.password,
    });
    expect(added.statusCode, added.body).toBe(201);
    const token = await t.tokens.issue(added.json()._id, owner.workspaceId);
    return { owner, ana: t.request(owner.token), bia: t.request(token) };
  }

  it('keeps every save as a numbered version with its author and message', async () => {
    const { ana, bia } = await twoPeople();
    const data = testDocument();
    const created = await ana.post('/api/v1/flows', { name: 'Pedidos', data });
    expect(created.json().version).toBe(1);
    expect(created.headers.etag).toBe('"1"');
    const id = created.json()._id as string;

    const saved = await bia.put(`/api/v1/flows/${id}`, {
      name: 'Pedidos do dia',
      data: testDocument(2),
      version: 1,
      version_message: 'Mais um passo',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect(saved.headers.etag).toBe('"2"');

    const list = versionListSchema.parse((await ana.get(`/api/v1/flows/${id}/versions`)).json());
    expect(list.current).toBe(2);
    expect(list.items.map((v) => [v.number, v.author?.name, v.message])).toEqual([
      [2, 'Beatriz Souza', 'Mais um passo'],
      [1, 'Pessoa de Teste', ''],
    ]);
    const first = versionSchema.parse((await ana.get(`/api/v1/flows/${id}/versions/1`)).json());
    expect(first.document).toMatchObject({ name: 'Pedidos', data });
  });

  it('refuses a save based on an old version with who changed it and when, and changes nothing', async () => {
    const { owner, ana, bia } = await twoPeople();
    const id = (await ana.post('/api/v1/flows', { name: 'Cobranças', data: testDocument() })).json()
      ._id as string;
    const byBia = await bia.put(`/api/v1/flows/${id}`, { name: 'Cobranças (Bia)', version: 1 });
    expect(byBia.statusCode).toBe(200);

    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/flows/${id}`,
      headers: { authorization: `Bearer ${owner.token}`, 'if-match': '"1"' },
      payload: { name: 'Cobranças (Ana)' },
    });
    expect(stale.statusCode).toBe(409);
    const changedAt = new Date(stale.json().details.changed_at as string);
    expect(stale.json()).toMatchObject({
      code: 'version_conflict',
      message: m.conflict('flow', 'Beatriz Souza', changeTime(changedAt, t.clock.now())),
      details: {
        current_version: 2,
        changed_by: 'Beatriz Souza',
        changed_at: byBia.json().updated_at,
      },
    });
    const body = await ana.put(`/api/v1/flows/${id}`, { name: 'Cobranças (Ana)', version: 1 });
    expect(body.statusCode).toBe(409);
    expect((await ana.get(`/api/v1/flows/${id}`)).json()).toMatchObject({
      name: 'Cobranças (Bia)',
      version: 2,
    });

    // 'Manter as minhas': saved on top of the version now seen, both kept.
    const kept = await ana.put(`/api/v1/flows/${id}`, { name: 'Cobranças (Ana)', version: 2 });
    expect(kept.json().version).toBe(3);
    const list = versionListSchema.parse((await ana.get(`/api/v1/flows/${id}/versions`)).json());
    expect(list.items.map((v) => v.number)).toEqual([3, 2, 1]);

    // A client that sends no version keeps the last-save-wins behaviour of the spec's API.
    expect((await bia.put(`/api/v1/flows/${id}`, { name: 'Sem versão' })).json().version).toBe(4);
    const bad = await bia.put(`/api/v1/flows/${id}`, { version: 0 });
    expect(bad.statusCode).toBe(400);
  });

  it('restores a version as a new one, and removes the versions with the flow', async () => {
    const { ana } = await twoPeople();
    const data = testDocument();
    const id = (await ana.post('/api/v1/flows', { name: 'Notas', data })).json()._id as string;
    await ana.put(`/api/v1/flows/${id}`, {
      data: testDocument(3),
      variables: [{ key: 'A', value: '1' }],
    });
    const restored = await ana.post(`/api/v1/flows/${id}/versions/1/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3, data, variables: [] });
    const list = versionListSchema.parse((await ana.get(`/api/v1/flows/${id}/versions`)).json());
    expect(list.items[0]).toMatchObject({
      number: 3,
      restored_from: 1,
      message: m.restoredMessage(1),
    });

    const stale = await ana.post(`/api/v1/flows/${id}/versions/2/restore`, { version: 2 });
    expect(stale.statusCode).toBe(409);
    expect((await ana.get(`/api/v1/flows/${id}/versions/9`)).statusCode).toBe(404);

    expect((await ana.delete(`/api/v1/flows/${id}`)).statusCode).toBe(204);
    expect((await ana.get(`/api/v1/flows/${id}/versions`)).statusCode).toBe(404);
  });

  it('keeps only the versions the workspace retention says, never the current one', async () => {
    const { owner, ana } = await twoPeople();
    await t.database.db
      .update(workspaces)
      .set({ versionKeepCount: 2 })
      .where(eq(workspaces.id, owner.workspaceId));
    const id = (await ana.post('/api/v1/flows', { name: 'Curta', data: testDocument() })).json()
      ._id as string;
    for (const name of ['B', 'C', 'D']) await ana.put(`/api/v1/flows/${id}`, { name });
    const list = versionListSchema.parse((await ana.get(`/api/v1/flows/${id}/versions`)).json());
    expect(list.items.map((v) => v.number)).toEqual([4, 3]);
  });

  it('keeps the state a flow had before versions existed as its first version', async () => {
    const { ana } = await twoPeople();
    const id = (await ana.post('/api/v1/flows', { name: 'Antigo', data: testDocument() })).json()
      ._id as string;
    await t.database.db.execute(`delete from resource_versions where resource_id = '${id}'`);
    await ana.put(`/api/v1/flows/${id}`, { name: 'Novo' });
    const list = versionListSchema.parse((await ana.get(`/api/v1/flows/${id}/versions`)).json());
    expect(list.items.map((v) => [v.number, v.author, v.message])).toEqual([
      [2, expect.objectContaining({ name: 'Pessoa de Teste' }), ''],
      [1, null, m.baselineMessage],
    ]);
  });
});
