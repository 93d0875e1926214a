import {
  chmodSync,
  existsSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createFieldIndexSql, createUniqueIndexSql } from '../modules/db-tables/record-sql';
import { openEmbedded, openPglite, type DatabaseHandle } from './client';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';
import { EmbeddedDatabaseError } from './embedded-postgres-host';
import type { LegacyMove } from './legacy-data-dir';
import { schema, type DbTableFieldRow } from './schema';

const root = mkdtempSync(join(tmpdir(), 'ponte-legacy-'));
// As root, the database runs as another user, which must be able to enter the folder.
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function rows<T>(handle: DatabaseHandle, query: SQL): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table of schema public as exact text, in one time zone, sorted: equal means equal. */
async function dump(handle: DatabaseHandle): Promise<Record<string, string>> {
  await handle.db.execute(sql`set timezone = 'UTC'`);
  const tables = await rows<{ name: string }>(
    handle,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ data: string }>(
      handle,
      sql.raw(
        `select coalesce(json_agg(r order by r::text), '[]')::text as data from (select to_jsonb(t) as r from public."${name}" t) x`,
      ),
    );
    out[name] = row!.data;
  }
  return out;
}

async function indexNames(handle: DatabaseHandle): Promise<string[]> {
  const found = await rows<{ name: string }>(
    handle,
    sql`select indexname as name from pg_indexes where schemaname = 'public' order by 1`,
  );
  return found.map((row) => row.name);
}

const emailField: DbTableFieldRow = {
  name: 'email',
  label: 'Email',
  type: 'string',
  length: null,
  default_value: null,
  is_unique: true,
  is_required: false,
  position: 0,
};
const tableId = 'tbl-1';

/** An earlier version's data dir: the in-process database in `<dataDir>/db`, with real data. */
async function oldDataDir(dataDir: string, logMessage = 'Pedido nº 42 — ação concluída ✅ 🚀') {
  const old = await openPglite(join(dataDir, 'db'));
  const at = new Date('2026-03-01T12:34:56.789Z');
  const { db } = old;
  await db.insert(schema.customers).values({ id: 'c1', name: 'Conta São João' });
  await db.insert(schema.users).values({
    id: 'u1',
    customerId: 'c1',
    email: 'ana@exemplo.com',
    name: 'Ana Conceição',
    passwordHash: 'scrypt$abc',
    isOwner: true,
  });
  await db.insert(schema.workspaces).values({ id: 'w1', customerId: 'c1', name: 'Produção' });
  await db.insert(schema.memberships).values({ userId: 'u1', workspaceId: 'w1' });
  await db.insert(schema.flows).values({
    id: 'f1',
    workspaceId: 'w1',
    name: 'Cobrança diária',
    enabled: true,
    triggers: [{ node_uid: 'n1', node_type: 'core_webhook' }],
    variables: [{ key: 'taxa', value: '1,5%' }],
    data: {},
    config: { rate_limit: 10 },
  });
  // Numbers in jsonb keep every digit.
  await db.execute(
    sql`update flows set data = '{"nodes": [{"uid": "n1", "params": {"número": 12345678901234567890.5, "vazio": null}}]}'::jsonb`,
  );
  for (const [id, msg] of [
    ['e1', sql`'{"pedido": 42, "itens": ["café", "pão de queijo"]}'::jsonb`],
    ['e2', sql`'null'::jsonb`],
    ['e3', sql`null`],
  ] as const) {
    await db.execute(
      sql`insert into executions (id, workspace_id, flow_id, trigger_type, trigger_node_uid, status, queued_at, started_at, ended_at, duration_ms, steps, trigger_msg)
          values (${id}, 'w1', 'f1', 'webhook', 'n1', 'success', ${at.toISOString()}, ${at.toISOString()}, '2026-03-01T09:34:57.001-03:00', 212, 3, ${msg})`,
    );
  }
  for (let i = 0; i < 300; i++) {
    await db.insert(schema.logs).values({
      workspaceId: 'w1',
      flowId: 'f1',
      executionId: `e${(i % 3) + 1}`,
      nodeUid: 'n1',
      type: i % 2 ? 'user' : 'internal',
      label: `Etapa ${i}`,
      message: i === 7 ? logMessage : `linha ${i}\tcom "aspas", barra \\ e quebra\nde linha`,
      createdAt: new Date(at.getTime() + i),
    });
  }
  // Enough pages for the copy to go by several ranges of different sizes.
  await db.execute(
    sql`insert into logs (workspace_id, flow_id, execution_id, type, label, message, created_at)
        select 'w1', 'f1', 'e1', 'user', 'Lote', 'mensagem em lote nº ' || i, ${at.toISOString()}::timestamptz + i * interval '1 second'
        from generate_series(1, 6000) i`,
  );
  await db.insert(schema.dbTables).values({
    id: tableId,
    workspaceId: 'w1',
    customerId: 'c1',
    name: 'Clientes',
    fields: [emailField],
  });
  await db.insert(schema.dbRecords).values([
    { id: 'r1', workspaceId: 'w1', tableId, data: { email: 'ana@exemplo.com' } },
    { id: 'r2', workspaceId: 'w1', tableId, data: { email: 'joão@exemplo.com' } },
  ]);
  await db.execute(createUniqueIndexSql(tableId, 'email'));
  await db.execute(createFieldIndexSql(tableId, emailField)!);
  const before = { data: await dump(old), indexes: await indexNames(old) };
  await old.close();
  return before;
}

/** A test that fails while open must not end the run when its folder is removed. */
const quiet = { onCompromised: () => undefined };

const refused = /Não foi possível copiar o banco embutido da versão anterior do Ponte/;

// Each case builds an old folder (PGlite) and a new cluster (initdb): several seconds each.
describe('moving the data dir of an earlier version', () => {
  it('copies everything once, keeps the old folder as a backup and never copies again', async () => {
    const dataDir = join(root, 'migra');
    const before = await oldDataDir(dataDir);
    const moves: LegacyMove[] = [];
    const first = await openEmbedded(dataDir, {
      ...quiet,
      onLegacyMoved: (move) => moves.push(move),
    });
    expect(await dump(first)).toEqual(before.data);
    expect(await indexNames(first)).toEqual(before.indexes);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ rows: 6311, backup: join(dataDir, 'db-pglite-backup') });
    expect(moves[0]!.tables).toMatchObject({ logs: 6300, executions: 3, db_records: 2 });
    // JSON null stays JSON null, not SQL NULL.
    const nulls = await rows<{ id: string }>(
      first,
      sql`select id from executions where trigger_msg = 'null'::jsonb`,
    );
    expect(nulls).toEqual([{ id: 'e2' }]);
    // The runtime unique index still refuses a duplicate.
    await expect(
      first.db.insert(schema.dbRecords).values({
        id: 'r3',
        workspaceId: 'w1',
        tableId,
        data: { email: 'ana@exemplo.com' },
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    // The sequence continues after the copied ids.
    const [log] = await first.db
      .insert(schema.logs)
      .values({
        workspaceId: 'w1',
        flowId: 'f1',
        executionId: 'e1',
        type: 'user',
        message: 'depois',
        createdAt: new Date(),
      })
      .returning({ id: schema.logs.id });
    expect(log!.id).toBe(6301);
    await first.close();

    expect(existsSync(join(dataDir, 'db'))).toBe(false);
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    const backup = await openPglite(join(dataDir, 'db-pglite-backup'));
    expect(await dump(backup)).toEqual(before.data);
    await backup.close();

    const second = await openEmbedded(dataDir, {
      ...quiet,
      onLegacyMoved: (move) => moves.push(move),
    });
    expect(moves).toHaveLength(1);
    const after = await rows<{ n: string }>(second, sql`select count(*)::text as n from logs`);
    expect(after).toEqual([{ n: '6301' }]);
    expect(existsSync(join(dataDir, 'db-pglite-backup-2'))).toBe(false);
    await second.close();
  }, 240_000);

  it('refuses the start while an earlier version still holds the old folder', async () => {
    const dataDir = join(root, 'em-uso');
    await oldDataDir(dataDir);
    const release = await lockDataDir(join(dataDir, 'db'));
    try {
      const attempt = openEmbedded(dataDir, quiet);
      await expect(attempt).rejects.toThrow(DataDirInUseError);
      await expect(attempt).rejects.toThrow(`O diretório de dados ${dataDir} já está em uso`);
    } finally {
      await release();
    }
    expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'db-pglite-backup'))).toBe(false);
  }, 240_000);

  it('leaves both sides as they were when the new database refuses a row, and copies at the next start', async () => {
    const dataDir = join(root, 'recusa');
    // The new database exists already and refuses one of the old rows.
    const fresh = await openEmbedded(dataDir, quiet);
    await fresh.db.execute(
      sql`alter table logs add constraint sem_foguete check (message not like '%🚀%')`,
    );
    await fresh.close();
    const before = await oldDataDir(dataDir);

    const attempt = openEmbedded(dataDir, quiet);
    await expect(attempt).rejects.toThrow(EmbeddedDatabaseError);
    await expect(attempt).rejects.toThrow(refused);
    await expect(attempt).rejects.toThrow(/sem_foguete/);
    await expect(attempt).rejects.toThrow(/ponte export/);

    const old = await openPglite(join(dataDir, 'db'));
    expect(await dump(old)).toEqual(before.data);
    await old.close();
    expect(existsSync(join(dataDir, 'db-pglite-backup'))).toBe(false);

    // The new database, seen without the old folder: nothing was copied into it.
    renameSync(join(dataDir, 'db'), join(dataDir, 'fora'));
    const target = await openEmbedded(dataDir, quiet);
    const data = await dump(target);
    expect(Object.values(data).every((each) => each === '[]')).toBe(true);
    await target.db.execute(sql`alter table logs drop constraint sem_foguete`);
    await target.close();
    renameSync(join(dataDir, 'fora'), join(dataDir, 'db'));

    const next = await openEmbedded(dataDir, quiet);
    expect(await dump(next)).toEqual(before.data);
    await next.close();
    expect(existsSync(join(dataDir, 'db-pglite-backup'))).toBe(true);
  }, 240_000);

  it('refuses the start when a table of the old folder cannot be read', async () => {
    const dataDir = join(root, 'corrompido');
    await oldDataDir(dataDir);
    const old = await openPglite(join(dataDir, 'db'));
    const [file] = await rows<{ path: string }>(
      old,
      sql`select pg_relation_filepath('logs') as path`,
    );
    await old.close();
    // A page header of the logs table overwritten with garbage.
    const fd = openSync(join(dataDir, 'db', file!.path), 'r+');
    writeSync(fd, Buffer.alloc(24, 0xab), 0, 24, 8192);
    closeSync(fd);

    const attempt = openEmbedded(dataDir, quiet);
    await expect(attempt).rejects.toThrow(refused);
    await expect(attempt).rejects.toThrow(/logs/);
    expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'db-pglite-backup'))).toBe(false);

    renameSync(join(dataDir, 'db'), join(dataDir, 'fora'));
    const target = await openEmbedded(dataDir, quiet);
    const data = await dump(target);
    expect(Object.values(data).every((each) => each === '[]')).toBe(true);
    await target.close();
  }, 240_000);
});
