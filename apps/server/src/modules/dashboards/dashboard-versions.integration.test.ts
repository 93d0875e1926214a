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

const html = (id: string, text: string) => ({
  id: `widget-${id}`,
  type: 'text_html' as const,
  x: 0,
  y: 0,
  w: 2,
  h: 2,
  config: { html: `<p>${text}</p>` },
});

describeEachDriver('dashboard versions', (driver) => {
  const t = useTestApp(driver);

  async function createDashboard({ ana }: TwoPeople, name: string, ...widgets: object[]) {
    const created = await ana.post('/api/v1/dashboards', { name, widgets });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().version).toBe(1);
    expect(created.headers.etag).toBe('"1"');
    return created.json()._id as string;
  }

  it('keeps every save as a numbered version with its author and message', async () => {
    const people = await twoPeople(t);
    const id = await createDashboard(people, 'Vendas', html('a', 'Olá'));
    const saved = await people.bia.put(`/api/v1/dashboards/${id}`, {
      name: 'Vendas do mês',
      widgets: [html('a', 'Olá'), html('b', 'Metas')],
      version: 1,
      version_message: 'Metas do mês',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect(saved.headers.etag).toBe('"2"');

    const history = await historyOf(people.ana, `/api/v1/dashboards/${id}`);
    expect(history.current).toBe(2);
    expect(history.items).toEqual([
      [2, 'Beatriz Souza', 'Metas do mês'],
      [1, 'Pessoa de Teste', ''],
    ]);
    const first = versionSchema.parse(
      (await people.ana.get(`/api/v1/dashboards/${id}/versions/1`)).json(),
    );
    expect(first.document).toMatchObject({ name: 'Vendas', widgets: [{ id: 'widget-a' }] });
    // The list says each dashboard's version too.
    const list = (await people.ana.get('/api/v1/dashboards')).json();
    expect(list.items[0]).toMatchObject({ _id: id, version: 2 });
  });

  it('refuses a save based on an old version, by If-Match or by the body, and changes nothing', async () => {
    const people = await twoPeople(t);
    const { owner, ana, bia } = people;
    const id = await createDashboard(people, 'Operação');
    const url = `/api/v1/dashboards/${id}`;
    const byBia = await bia.put(url, { name: 'Operação (Bia)', widgets: [], version: 1 });
    expect(byBia.statusCode, byBia.body).toBe(200);

    const mine = { name: 'Operação (Ana)', widgets: [html('x', 'Meu')] };
    const stale = await putIfMatch(t, owner, url, 1, mine);
    expectConflict(t, stale, 'dashboard', 2);
    expect(stale.json().message).toContain('Este dashboard foi alterado por Beatriz Souza');
    expectConflict(t, await ana.put(url, { ...mine, version: 1 }), 'dashboard', 2);
    expect((await ana.get(url)).json()).toMatchObject({
      name: 'Operação (Bia)',
      widgets: [],
      version: 2,
    });
    expect((await historyOf(ana, url)).items).toHaveLength(2);
    expect((await ana.put(url, mine)).json().version).toBe(3);
  });

  it('restores a version as a new one, copies start their own history, and removal takes it', async () => {
    const people = await twoPeople(t);
    const { ana } = people;
    const id = await createDashboard(people, 'Painel', html('a', 'Primeiro'));
    const url = `/api/v1/dashboards/${id}`;
    await ana.put(url, { name: 'Painel novo', widgets: [html('b', 'Segundo')] });

    const restored = await ana.post(`${url}/versions/1/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers.etag).toBe('"3"');
    expect(restored.json()).toMatchObject({
      name: 'Painel',
      widgets: [{ id: 'widget-a', config: { html: '<p>Primeiro</p>' } }],
      version: 3,
    });
    const history = await historyOf(ana, url);
    expect(history.items[0]).toEqual([3, 'Pessoa de Teste', messages.versions.restoredMessage(1)]);
    expect(history.restoredFrom).toBe(1);

    const copy = (await ana.post(`/api/v1/dashboards/duplicate/${id}`)).json();
    expect(copy.version).toBe(1);
    expect((await historyOf(ana, `/api/v1/dashboards/${copy._id}`)).items).toEqual([
      [1, 'Pessoa de Teste', ''],
    ]);

    expect(await storedVersions(t, id)).toBe(3);
    expect((await ana.delete(url)).statusCode).toBe(204);
    expect(await storedVersions(t, id)).toBe(0);
    expect((await ana.get(`${url}/versions`)).statusCode).toBe(404);
    expect((await ana.get(`${url}/versions/1`)).statusCode).toBe(404);
  });
});
