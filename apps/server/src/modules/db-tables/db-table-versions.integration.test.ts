import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { versionSchema } from '@ponte/shared/versions.schema';
import { field } from '../../test/db-table-fixtures';
import { useTestApp, type Requester } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import {
  expectConflict,
  historyOf,
  putIfMatch,
  storedVersions,
  twoPeople,
  type TwoPeople,
} from '../../test/version-fixtures';

const m = messages.tables;
const age = field('idade', { type: 'integer', label: 'Idade' });

describeEachDriver('table structure versions', (driver) => {
  const t = useTestApp(driver);

  async function createTable({ ana }: TwoPeople, name: string, fields: object[]) {
    const created = await ana.post('/api/v1/db/tables', { name, fields });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().version).toBe(1);
    expect(created.headers.etag).toBe('"1"');
    return created.json()._id as string;
  }

  async function addRecord(people: Requester, table: string, data: object) {
    const created = await people.post('/api/v1/db/entities', { table, data });
    expect(created.statusCode, created.body).toBe(201);
    return created.json()._id as string;
  }
  const dataOf = async (people: Requester, record: string) =>
    (await people.get(`/api/v1/db/entities/${record}`)).json().data;
  const namesOf = async (people: Requester, table: string) =>
    (await people.get(`/api/v1/db/tables/${table}`))
      .json()
      .fields.map((f: { name: string }) => f.name);

  it('keeps every structure save as a numbered version with its author and message', async () => {
    const people = await twoPeople(t);
    const id = await createTable(people, 'Clientes', [field('nome')]);
    const saved = await people.bia.put(`/api/v1/db/tables/${id}`, {
      name: 'Clientes ativos',
      fields: [field('nome'), field('email')],
      version: 1,
      version_message: 'Guarda o e-mail',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect(saved.headers.etag).toBe('"2"');

    const history = await historyOf(people.ana, `/api/v1/db/tables/${id}`);
    expect(history.current).toBe(2);
    expect(history.items).toEqual([
      [2, 'Beatriz Souza', 'Guarda o e-mail'],
      [1, 'Pessoa de Teste', ''],
    ]);
    const first = versionSchema.parse(
      (await people.ana.get(`/api/v1/db/tables/${id}/versions/1`)).json(),
    );
    expect(first.document).toEqual({
      name: 'Clientes',
      group: null,
      fields: [
        {
          name: 'nome',
          label: 'Nome',
          type: 'string',
          length: 100,
          default_value: null,
          is_unique: false,
          is_required: false,
          position: 0,
        },
      ],
      apply_default_values_new_fields: false,
    });
  });

  it('refuses a save based on an old version, by If-Match or by the body, and changes nothing', async () => {
    const people = await twoPeople(t);
    const { owner, ana, bia } = people;
    const id = await createTable(people, 'Pedidos', [field('codigo'), field('cliente')]);
    const url = `/api/v1/db/tables/${id}`;
    const record = await addRecord(ana, id, { codigo: 'P-1', cliente: 'Ana' });
    const byBia = await bia.put(url, {
      name: 'Pedidos (Bia)',
      fields: [field('codigo'), field('cliente')],
      version: 1,
    });
    expect(byBia.statusCode, byBia.body).toBe(200);

    // Ana's editor, opened at version 1, drops 'cliente' and confirms losing its values.
    const mine = {
      name: 'Pedidos (Ana)',
      fields: [field('codigo')],
      confirm_remove_values: ['cliente'],
    };
    const stale = await putIfMatch(t, owner, url, 1, mine);
    expectConflict(t, stale, 'db_table', 2);
    expect(stale.json().message).toContain('Esta tabela foi alterada por Beatriz Souza');
    expect(stale.json().message).toContain('depois que você a abriu.');
    expectConflict(t, await ana.put(url, { ...mine, version: 1 }), 'db_table', 2);
    expect((await ana.get(url)).json()).toMatchObject({ name: 'Pedidos (Bia)', version: 2 });
    expect(await namesOf(ana, id)).toEqual(['codigo', 'cliente']);
    expect(await dataOf(ana, record)).toMatchObject({ codigo: 'P-1', cliente: 'Ana' });
    expect((await historyOf(ana, url)).items).toHaveLength(2);
  });

  it('lets one of two saves based on the same version win, and the records follow the winner', async () => {
    const people = await twoPeople(t);
    const { ana, bia } = people;
    const id = await createTable(people, 'Contatos', [field('nome'), field('fone')]);
    const url = `/api/v1/db/tables/${id}`;
    const record = await addRecord(ana, id, { nome: 'Ana', fone: '81 99999-0000' });
    const renameTo = (name: string) => ({
      name: 'Contatos',
      fields: [field('nome'), field(name, { previous_name: 'fone' })],
      version: 1,
    });
    const answers = await Promise.all([
      ana.put(url, renameTo('telefone')),
      bia.put(url, renameTo('celular')),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const names = await namesOf(ana, id);
    expect(Object.keys(await dataOf(ana, record)).sort()).toEqual([...names].sort());
    expect((await historyOf(ana, url)).items).toHaveLength(2);
  });

  it('restores a structure as a manual edit would save it: renames go back with their values, a loss of values is refused', async () => {
    const people = await twoPeople(t);
    const { ana } = people;
    const id = await createTable(people, 'Alunos', [field('nome'), age]);
    const url = `/api/v1/db/tables/${id}`;
    const record = await addRecord(ana, id, { nome: 'Ana', idade: 31 });
    const renamed = await ana.put(url, {
      name: 'Alunos',
      fields: [field('nome'), { ...age, name: 'anos', previous_name: 'idade' }, field('cidade')],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await dataOf(ana, record)).toMatchObject({ anos: 31 });

    const restored = await ana.post(`${url}/versions/1/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().version).toBe(3);
    expect(await namesOf(ana, id)).toEqual(['nome', 'idade']);
    expect(await dataOf(ana, record)).toMatchObject({ nome: 'Ana', idade: 31 });
    const history = await historyOf(ana, url);
    expect(history.items[0]).toEqual([3, 'Pessoa de Teste', messages.versions.restoredMessage(1)]);
    expect(history.restoredFrom).toBe(1);

    // Version 4 adds 'cidade' and a record fills it: going back to version 1 would delete it.
    await ana.put(url, { name: 'Alunos', fields: [field('nome'), age, field('cidade')] });
    await ana.put(`/api/v1/db/entities/${record}`, { data: { cidade: 'Recife' } });
    const refused = await ana.post(`${url}/versions/1/restore`, { version: 4 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'field_has_values',
      message: m.fieldHasValues('Cidade', 1),
    });
    expect((await ana.get(url)).json().version).toBe(4);
    expect(await dataOf(ana, record)).toMatchObject({ cidade: 'Recife', idade: 31 });
    expect((await historyOf(ana, url)).current).toBe(4);

    expect(await storedVersions(t, id)).toBe(4);
    expect((await ana.delete(url)).statusCode).toBe(204);
    expect(await storedVersions(t, id)).toBe(0);
    expect((await ana.get(`${url}/versions`)).statusCode).toBe(404);
  });
});
