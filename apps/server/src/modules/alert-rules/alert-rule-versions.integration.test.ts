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

const rule = (name: string, content: string) => ({
  name,
  action_email_to: 'ops@exemplo.com.br',
  match_log_content: content,
});

describeEachDriver('alert rule versions', (driver) => {
  // An instance SMTP lets e-mail rules name no account; nothing is sent in these tests.
  const t = useTestApp(driver, {
    alerts: {
      smtp: { host: '127.0.0.2', port: 2525, secure: false },
      dispatchIntervalMs: 3_600_000,
    },
  });

  async function createRule({ ana }: TwoPeople, body: object) {
    const created = await ana.post('/api/v1/alert-rules', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().version).toBe(1);
    expect(created.headers.etag).toBe('"1"');
    return created.json()._id as string;
  }

  it('keeps every save as a numbered version with its author and message', async () => {
    const people = await twoPeople(t);
    const id = await createRule(people, rule('Timeouts', 'timeout'));
    const saved = await people.bia.put(`/api/v1/alert-rules/${id}`, {
      ...rule('Timeouts e recusas', '/timeout|recusad[oa]/i'),
      version: 1,
      version_message: 'Recusas também',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect(saved.headers.etag).toBe('"2"');

    const history = await historyOf(people.ana, `/api/v1/alert-rules/${id}`);
    expect(history.current).toBe(2);
    expect(history.items).toEqual([
      [2, 'Beatriz Souza', 'Recusas também'],
      [1, 'Pessoa de Teste', ''],
    ]);
    const first = versionSchema.parse(
      (await people.ana.get(`/api/v1/alert-rules/${id}/versions/1`)).json(),
    );
    expect(first.document).toMatchObject({ name: 'Timeouts', match_log_content: 'timeout' });
  });

  it('refuses a save based on an old version, by If-Match or by the body, and changes nothing', async () => {
    const people = await twoPeople(t);
    const { owner, ana, bia } = people;
    const id = await createRule(people, rule('Erros', 'erro'));
    const url = `/api/v1/alert-rules/${id}`;
    const byBia = await bia.put(url, { ...rule('Erros (Bia)', 'falha'), version: 1 });
    expect(byBia.statusCode, byBia.body).toBe(200);

    const mine = { ...rule('Erros (Ana)', 'exceção'), enabled: false };
    const stale = await putIfMatch(t, owner, url, 1, mine);
    expectConflict(t, stale, 'alert_rule', 2);
    expect(stale.json().message).toContain('Esta regra de alerta foi alterada por Beatriz Souza');
    expectConflict(t, await ana.put(url, { ...mine, version: 1 }), 'alert_rule', 2);
    expect((await ana.get(url)).json()).toMatchObject({
      name: 'Erros (Bia)',
      match_log_content: 'falha',
      enabled: true,
      version: 2,
    });
    expect((await historyOf(ana, url)).items).toHaveLength(2);
    expect((await ana.put(url, mine)).json().version).toBe(3);
  });

  it('restores a version as a new one, copies start their own history, and removal takes it', async () => {
    const people = await twoPeople(t);
    const { ana } = people;
    const id = await createRule(people, rule('Lentidão', 'lento'));
    const url = `/api/v1/alert-rules/${id}`;
    await ana.put(url, { ...rule('Lentidão grave', 'muito lento'), timewindow_seconds: 600 });

    const restored = await ana.post(`${url}/versions/1/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers.etag).toBe('"3"');
    expect(restored.json()).toMatchObject({
      name: 'Lentidão',
      match_log_content: 'lento',
      timewindow_seconds: 300,
      version: 3,
    });
    const history = await historyOf(ana, url);
    expect(history.items[0]).toEqual([3, 'Pessoa de Teste', messages.versions.restoredMessage(1)]);
    expect(history.restoredFrom).toBe(1);

    const copy = (await ana.post(`/api/v1/alert-rules/duplicate/${id}`)).json();
    expect(copy.version).toBe(1);
    expect((await historyOf(ana, `/api/v1/alert-rules/${copy._id}`)).items).toHaveLength(1);

    expect(await storedVersions(t, id)).toBe(3);
    expect((await ana.delete(url)).statusCode).toBe(204);
    expect(await storedVersions(t, id)).toBe(0);
    expect((await ana.get(`${url}/versions`)).statusCode).toBe(404);
  });
});
