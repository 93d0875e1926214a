import { utimes } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import {
  retentionOverviewSchema,
  retentionRuleSchema,
  retentionRunListSchema,
  retentionTargetsSchema,
} from '@ponte/shared/lgpd/retention.schema';
import { messages } from '@ponte/shared/messages';
import { field } from '../../test/db-table-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLocalStorageDriver } from '../storage/local-driver';
import { createStorageService } from '../storage/storage.service';

const m = messages.retention;
const dayMs = 24 * 60 * 60 * 1000;

describeEachDriver('retention rules', (driver) => {
  const root = join(tmpdir(), `ponte-retention-${randomUUID()}`);
  const t = useTestApp(driver, { storage: { driver: createLocalStorageDriver(root) } });
  const files = createStorageService({ driver: createLocalStorageDriver(root) });
  afterAll(() => rm(root, { recursive: true, force: true }));
  const api = (account: TestAccount) => t.request(account.token);
  const ago = (days: number) => new Date(t.clock.now().getTime() - days * dayMs);

  async function createTable(account: TestAccount) {
    const res = await api(account).post('/api/v1/db/tables', {
      name: `Leads ${randomUUID().slice(0, 6)}`,
      fields: [
        field('nome'),
        field('contato', { type: 'date' }),
        field('visto', { type: 'datetime' }),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; name: string };
  }

  async function addRecord(account: TestAccount, table: string, data: Record<string, unknown>) {
    const res = await api(account).post('/api/v1/db/entities', { table, data });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { _id: string })._id;
  }

  const namesIn = async (table: string) =>
    (
      (await t.database.db.execute(
        sql`select data->>'nome' as nome from db_records where table_id = ${table} order by 1`,
      )) as unknown as { rows: { nome: string }[] }
    ).rows.map((row) => row.nome);

  const day = (date: Date) => date.toISOString().slice(0, 10);

  it('removes the records past the days by a date field, a datetime field or their creation, and records the bytes', async () => {
    const account = await t.createAccount();
    const other = await t.createAccount({ workspaceName: 'Outro' });
    const table = await createTable(account);
    const foreign = await createTable(other);
    await addRecord(account, table._id, { nome: 'antigo', contato: day(ago(45)) });
    await addRecord(account, table._id, { nome: 'recente', contato: day(ago(3)) });
    await addRecord(account, table._id, { nome: 'sem data' });
    await addRecord(other, foreign._id, { nome: 'do outro', contato: day(ago(45)) });

    const created = await api(account).post('/api/v1/lgpd/retention/rules', {
      area: 'table',
      target: table._id,
      date_field: 'contato',
      days: 30,
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = retentionRuleSchema.parse(created.json());
    expect(rule).toMatchObject({ target_name: table.name, date_field_label: 'Contato', days: 30 });

    const measured = (
      (await t.database.db.execute(
        sql`select pg_column_size(r.*)::int as size from db_records r
          where r.table_id = ${table._id} and r.data->>'nome' = 'antigo'`,
      )) as unknown as { rows: { size: number }[] }
    ).rows[0]!.size;
    const applied = await api(account).post(`/api/v1/lgpd/retention/rules/${rule._id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ removed: 1, bytes: measured });
    expect(await namesIn(table._id)).toEqual(['recente', 'sem data']);
    expect(await namesIn(foreign._id)).toEqual(['do outro']);

    // By datetime, then by creation (the records made 40 days ago).
    await addRecord(account, table._id, { nome: 'visto há tempo', visto: ago(35).toISOString() });
    const byTime = await api(account).put(`/api/v1/lgpd/retention/rules/${rule._id}`, {
      area: 'table',
      target: table._id,
      date_field: 'visto',
      days: 30,
    });
    expect(byTime.statusCode, byTime.body).toBe(200);
    await api(account).post(`/api/v1/lgpd/retention/rules/${rule._id}/apply`);
    expect(await namesIn(table._id)).toEqual(['recente', 'sem data']);
    await api(account).put(`/api/v1/lgpd/retention/rules/${rule._id}`, {
      area: 'table',
      target: table._id,
      date_field: null,
      days: 30,
    });
    await t.database.db.execute(
      sql`update db_records set created_at = ${ago(40).toISOString()}::timestamptz
        where table_id = ${table._id}`,
    );
    expect(
      (await api(account).post(`/api/v1/lgpd/retention/rules/${rule._id}/apply`)).json(),
    ).toMatchObject({ removed: 2 });
    expect(await namesIn(table._id)).toEqual([]);

    const runs = retentionRunListSchema.parse(
      (await api(account).get('/api/v1/lgpd/retention/runs')).json(),
    );
    expect(runs.items.map((run) => [run.area, run.target_name, run.removed, run.manual])).toEqual([
      ['table', table.name, 2, true],
      ['table', table.name, 1, true],
      ['table', table.name, 1, true],
    ]);
    expect(runs.items[2]!.bytes).toBe(measured);
    expect((await api(other).get('/api/v1/lgpd/retention/runs')).json().total).toBe(0);
  });

  it('removes the old files of a folder and of its subfolders, and no others', async () => {
    const account = await t.createAccount();
    const ws = account.workspaceId;
    const write = (path: string, text: string) =>
      files.writeBytes(ws, path, Buffer.from(text), { overwrite: true });
    await write('/relatorios/janeiro.csv', 'cpf;nome\n123;Ana\n');
    await write('/relatorios/2026/fevereiro.csv', 'cpf;nome\n456;Bia\n');
    await write('/relatorios/hoje.csv', 'novo');
    await write('/contratos/antigo.pdf', 'contrato');
    const old = ago(60);
    for (const path of [
      'relatorios/janeiro.csv',
      'relatorios/2026/fevereiro.csv',
      'contratos/antigo.pdf',
    ])
      await utimes(join(root, ws, path), old, old);

    const created = await api(account).post('/api/v1/lgpd/retention/rules', {
      area: 'storage',
      target: 'relatorios/',
      days: 30,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ target: '/relatorios', target_name: '/relatorios' });
    const applied = await api(account).post(
      `/api/v1/lgpd/retention/rules/${created.json()._id}/apply`,
    );
    expect(applied.json()).toEqual({ removed: 2, bytes: 34 });
    expect(await files.stat(ws, '/relatorios/janeiro.csv')).toBeNull();
    expect(await files.stat(ws, '/relatorios/2026/fevereiro.csv')).toBeNull();
    expect(await files.stat(ws, '/relatorios/2026')).toMatchObject({ isFolder: true });
    expect(await files.stat(ws, '/relatorios/hoje.csv')).toMatchObject({ size: 4 });
    expect(await files.stat(ws, '/contratos/antigo.pdf')).toMatchObject({ size: 8 });
  });

  it('takes a rule from an API token whose creator left the workspace', async () => {
    const account = await t.createAccount();
    const table = await createTable(account);
    const key = await api(account).post('/api/v1/api-tokens', {
      name: 'Integração LGPD',
      scopes: ['lgpd.manage'],
    });
    expect(key.statusCode, key.body).toBe(201);
    const { _id: keyId, token } = key.json() as { _id: string; token: string };
    // What removing the person who made it leaves: the token, without its creator.
    await t.database.db.execute(sql`update api_tokens set created_by = null where id = ${keyId}`);
    const created = await t
      .request(token)
      .post('/api/v1/lgpd/retention/rules', { area: 'table', target: table._id, days: 30 });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('refuses unknown targets naming the field, another workspace with 404, and keeps one rule per target', async () => {
    const account = await t.createAccount();
    const other = await t.createAccount({ workspaceName: 'Outro' });
    const table = await createTable(account);
    const foreign = await createTable(other);
    const post = (body: Record<string, unknown>) =>
      api(account).post('/api/v1/lgpd/retention/rules', body);
    const refusal = async (body: Record<string, unknown>) => {
      const res = await post(body);
      return [res.statusCode, res.json().details?.[0]?.field, res.json().message];
    };

    expect(await refusal({ area: 'table', target: randomUUID(), days: 30 })).toEqual([
      400,
      'target',
      m.tableUnknown,
    ]);
    expect(
      await refusal({ area: 'table', target: table._id, date_field: 'nome', days: 30 }),
    ).toEqual([400, 'date_field', m.fieldUnknown(table.name)]);
    expect(await refusal({ area: 'queue', target: randomUUID(), days: 30 })).toEqual([
      400,
      'target',
      m.queueUnknown,
    ]);
    expect(await refusal({ area: 'storage', target: '/nao-existe', days: 30 })).toEqual([
      400,
      'target',
      m.folderUnknown('/nao-existe'),
    ]);
    expect(await refusal({ area: 'table', target: table._id, days: 0 })).toEqual([
      400,
      'days',
      m.daysInvalid,
    ]);
    expect((await post({ area: 'table', target: foreign._id, days: 30 })).statusCode).toBe(404);

    const rule = await post({ area: 'table', target: table._id, days: 30 });
    expect(rule.statusCode).toBe(201);
    expect(await refusal({ area: 'table', target: table._id, days: 10 })).toEqual([
      400,
      'target',
      m.targetTaken,
    ]);
    const id = rule.json()._id as string;
    expect((await api(other).post(`/api/v1/lgpd/retention/rules/${id}/apply`)).statusCode).toBe(
      404,
    );
    expect((await api(other).delete(`/api/v1/lgpd/retention/rules/${id}`)).statusCode).toBe(404);

    const targets = retentionTargetsSchema.parse(
      (await api(account).get('/api/v1/lgpd/retention/targets')).json(),
    );
    expect(targets.tables).toEqual([
      {
        _id: table._id,
        name: table.name,
        date_fields: [
          { name: 'contato', label: 'Contato', type: 'date' },
          { name: 'visto', label: 'Visto', type: 'datetime' },
        ],
      },
    ]);
    const overview = retentionOverviewSchema.parse(
      (await api(account).get('/api/v1/lgpd/retention')).json(),
    );
    expect(overview).toMatchObject({
      instance_days: 30,
      instance_variable: 'PONTE_LOG_RETENTION_DAYS',
      flows: [],
      rules: [{ _id: id, target_name: table.name }],
    });
    expect((await api(account).delete(`/api/v1/lgpd/retention/rules/${id}`)).statusCode).toBe(204);
  });
});
