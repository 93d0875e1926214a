import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { versionSchema } from '@ponte/shared/versions.schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import {
  expectConflict,
  historyOf,
  putIfMatch,
  storedVersions,
  twoPeople,
  type TwoPeople,
} from '../../test/version-fixtures';

describeEachDriver('queue versions', (driver) => {
  const t = useTestApp(driver, { queues: { sampleDepth: false } });

  async function createQueue({ ana }: TwoPeople, name: string) {
    const created = await ana.post('/api/v1/queues', { name, max_per_second: 5 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().version).toBe(1);
    expect(created.headers.etag).toBe('"1"');
    return created.json()._id as string;
  }

  it('keeps every save as a numbered version with its author and message', async () => {
    const people = await twoPeople(t);
    const id = await createQueue(people, 'Pedidos');
    const saved = await people.bia.put('/api/v1/queues', {
      _id: id,
      name: 'Pedidos novos',
      max_per_second: 20,
      version: 1,
      version_message: 'Mais vazão',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect(saved.headers.etag).toBe('"2"');
    expect((await people.ana.get(`/api/v1/queues/${id}`)).headers.etag).toBe('"2"');

    const history = await historyOf(people.ana, `/api/v1/queues/${id}`);
    expect(history.current).toBe(2);
    expect(history.items).toEqual([
      [2, 'Beatriz Souza', 'Mais vazão'],
      [1, 'Pessoa de Teste', ''],
    ]);
    const first = versionSchema.parse(
      (await people.ana.get(`/api/v1/queues/${id}/versions/1`)).json(),
    );
    expect(first.document).toEqual({
      name: 'Pedidos',
      group: null,
      max_per_second: 5,
      apply_default_values_new_fields: false,
    });
  });

  it('refuses a save based on an old version, by If-Match or by the body, and changes nothing', async () => {
    const people = await twoPeople(t);
    const { owner, ana, bia } = people;
    const id = await createQueue(people, 'Cobranças');
    const byBia = await bia.put('/api/v1/queues', {
      _id: id,
      name: 'Cobranças (Bia)',
      max_per_second: 8,
      version: 1,
    });
    expect(byBia.statusCode, byBia.body).toBe(200);

    const mine = { _id: id, name: 'Cobranças (Ana)', max_per_second: 1 };
    const stale = await putIfMatch(t, owner, '/api/v1/queues', 1, mine);
    expectConflict(t, stale, 'queue', 2);
    expect(stale.json().message).toContain('Esta fila foi alterada por Beatriz Souza');
    expectConflict(t, await ana.put('/api/v1/queues', { ...mine, version: 1 }), 'queue', 2);
    expect((await ana.get(`/api/v1/queues/${id}`)).json()).toMatchObject({
      name: 'Cobranças (Bia)',
      max_per_second: 8,
      version: 2,
    });
    expect((await historyOf(ana, `/api/v1/queues/${id}`)).items).toHaveLength(2);
    expect((await ana.put('/api/v1/queues', mine)).json().version).toBe(3);
  });

  it('restores a version as a new one, and removes the versions with the queue', async () => {
    const people = await twoPeople(t);
    const { ana } = people;
    const id = await createQueue(people, 'Notas');
    await ana.put('/api/v1/queues', {
      _id: id,
      name: 'Notas fiscais',
      max_per_second: 50,
      apply_default_values_new_fields: true,
    });

    const restored = await ana.post(`/api/v1/queues/${id}/versions/1/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers.etag).toBe('"3"');
    expect(restored.json()).toMatchObject({
      name: 'Notas',
      max_per_second: 5,
      apply_default_values_new_fields: false,
      version: 3,
    });
    const history = await historyOf(ana, `/api/v1/queues/${id}`);
    expect(history.items[0]).toEqual([3, 'Pessoa de Teste', messages.versions.restoredMessage(1)]);
    expect(history.restoredFrom).toBe(1);

    expect(await storedVersions(t, id)).toBe(3);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/queues',
      headers: { authorization: `Bearer ${people.owner.token}` },
      payload: { _id: id },
    });
    expect(removed.statusCode).toBe(204);
    expect(await storedVersions(t, id)).toBe(0);
    expect((await ana.get(`/api/v1/queues/${id}/versions`)).statusCode).toBe(404);
  });
});
