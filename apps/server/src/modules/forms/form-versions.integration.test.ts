import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { versionSchema } from '@ponte/shared/versions.schema';
import { forms } from '../../db/schema';
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
import { verifyPassword } from '../auth/password-hasher';

const field = (name: string) => ({ type: 'text' as const, name, label: `Campo ${name}` });
const form = (name: string, ...fields: string[]) => ({ name, fields: fields.map(field) });

describeEachDriver('form versions', (driver) => {
  const t = useTestApp(driver);

  async function createForm({ ana }: TwoPeople, body: object) {
    const created = await ana.post('/api/v1/forms', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().version).toBe(1);
    expect(created.headers.etag).toBe('"1"');
    return created.json()._id as string;
  }

  it('keeps every save as a numbered version with its author and message', async () => {
    const people = await twoPeople(t);
    const id = await createForm(people, form('Cadastro', 'nome'));
    const saved = await people.bia.put(`/api/v1/forms/${id}`, {
      ...form('Cadastro de clientes', 'nome', 'email'),
      version: 1,
      version_message: 'Pede o e-mail',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect(saved.headers.etag).toBe('"2"');

    const history = await historyOf(people.ana, `/api/v1/forms/${id}`);
    expect(history.current).toBe(2);
    expect(history.items).toEqual([
      [2, 'Beatriz Souza', 'Pede o e-mail'],
      [1, 'Pessoa de Teste', ''],
    ]);
    const first = versionSchema.parse(
      (await people.ana.get(`/api/v1/forms/${id}/versions/1`)).json(),
    );
    expect(first.document).toMatchObject({ name: 'Cadastro', fields: [{ name: 'nome' }] });
  });

  it('refuses a save based on an old version, by If-Match or by the body, and changes nothing', async () => {
    const people = await twoPeople(t);
    const { owner, ana, bia } = people;
    const id = await createForm(people, form('Pedidos', 'produto'));
    const byBia = await bia.put(`/api/v1/forms/${id}`, {
      ...form('Pedidos (Bia)', 'produto'),
      version: 1,
    });
    expect(byBia.statusCode, byBia.body).toBe(200);

    const stale = await putIfMatch(t, owner, `/api/v1/forms/${id}`, 1, form('Pedidos (Ana)', 'x'));
    expectConflict(t, stale, 'form', 2);
    expect(stale.json().message).toContain('Este formulário foi alterado por Beatriz Souza');
    const body = await ana.put(`/api/v1/forms/${id}`, {
      ...form('Pedidos (Ana)', 'x'),
      version: 1,
    });
    expectConflict(t, body, 'form', 2);
    expect((await ana.get(`/api/v1/forms/${id}`)).json()).toMatchObject({
      name: 'Pedidos (Bia)',
      fields: [{ name: 'produto' }],
      version: 2,
    });
    expect((await historyOf(ana, `/api/v1/forms/${id}`)).items).toHaveLength(2);

    // Without a version the save is the last one, as before versions existed.
    expect((await ana.put(`/api/v1/forms/${id}`, form('Sem versão', 'x'))).json().version).toBe(3);
  });

  it('restores a version as a new one keeping the PIN, and removes the versions with the form', async () => {
    const people = await twoPeople(t);
    const { ana } = people;
    const id = await createForm(people, {
      ...form('Inscrição', 'nome'),
      require_auth_pin: true,
      auth_pin: '1234',
    });
    const changed = await ana.put(`/api/v1/forms/${id}`, {
      ...form('Inscrição 2026', 'nome', 'cidade'),
      require_auth_pin: true,
      auth_pin: '9876',
      title: 'Novo título',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const version = (await ana.get(`/api/v1/forms/${id}/versions/1`)).json();
    expect(JSON.stringify(version.document)).not.toMatch(/pin_hash|1234|argon|scrypt/i);

    const restored = await ana.post(`/api/v1/forms/${id}/versions/1/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      name: 'Inscrição',
      title: '',
      fields: [{ name: 'nome' }],
      require_auth_pin: true,
      auth_pin_set: true,
      version: 3,
    });
    const history = await historyOf(ana, `/api/v1/forms/${id}`);
    expect(history.items[0]).toEqual([3, 'Pessoa de Teste', messages.versions.restoredMessage(1)]);
    expect(history.restoredFrom).toBe(1);
    // The PIN is the one of the version 2 save: restoring never brings an old PIN back.
    const [row] = await t.database.db.select().from(forms).where(eq(forms.id, id));
    expect(await verifyPassword('9876', row!.authPinHash!)).toBe(true);

    expect(await storedVersions(t, id)).toBe(3);
    expect((await ana.delete(`/api/v1/forms/${id}`)).statusCode).toBe(204);
    expect(await storedVersions(t, id)).toBe(0);
    expect((await ana.get(`/api/v1/forms/${id}/versions`)).statusCode).toBe(404);
    expect((await ana.get(`/api/v1/forms/${id}/versions/1`)).statusCode).toBe(404);
  });
});
