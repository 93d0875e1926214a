import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { messages } from '@ponte/shared/messages';
import { limits } from '@ponte/shared/limits';
import { tableSchema, type Table } from '@ponte/shared/db-tables.schema';
import { dbRecords } from '../../db/schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { field } from '../../test/db-table-fixtures';
import { createRecordsPortService } from './records.port-service';
import { cursorAfter } from './records.repository';

const m = messages.records;

describeEachDriver('records port service', (driver) => {
  const t = useTestApp(driver);
  const port = () => createRecordsPortService({ db: t.database.db, now: t.clock.now });

  async function createTable(account: TestAccount, name: string): Promise<Table> {
    const res = await t.request(account.token).post('/api/v1/db/tables', {
      name,
      fields: [field('email', { is_unique: true }), field('pontos', { type: 'integer' })],
    });
    expect(res.statusCode, res.body).toBe(201);
    return tableSchema.parse(res.json());
  }

  it('inserts, finds, gets, updates, upserts and deletes by table name or id', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Pontuação');
    const records = port();
    const ws = account.workspaceId;
    const ana = await records.insert(ws, 'pontuação', { email: 'ana@x', pontos: '10' });
    expect(ana.data).toEqual({ email: 'ana@x', pontos: 10 });
    await records.insert(ws, table._id, { email: 'bia@x', pontos: 30 });
    await records.insert(ws, table._id, { email: 'caio@x', pontos: 20 });

    const sorted = await records.find(ws, 'Pontuação', {
      sort: { field: 'pontos', direction: 'desc' },
      limit: 2,
    });
    expect(sorted.map((r) => r.data.email)).toEqual(['bia@x', 'caio@x']);
    const ranged = await records.find(ws, table._id, { filter: { pontos: { from: 15 } } });
    expect(ranged.map((r) => r.data.email).sort()).toEqual(['bia@x', 'caio@x']);
    expect(
      (await records.find(ws, table._id, { filter: { pontos: { equals: '10' } } }))[0]!._id,
    ).toBe(ana._id);
    expect((await records.get(ws, table._id, ana._id))?.data.email).toBe('ana@x');

    const bumped = await records.update(
      ws,
      table._id,
      { filter: { pontos: { to: 20 } } },
      { pontos: 0 },
    );
    expect(bumped.map((r) => r.data.pontos)).toEqual([0, 0]);
    await expect(
      records.update(ws, table._id, { id: ana._id }, { email: 'bia@x' }),
    ).rejects.toMatchObject({ message: m.uniqueTaken('Email') });

    const upserted = await records.upsert(ws, table._id, 'email', { email: 'ana@x', pontos: 99 });
    expect(upserted._id).toBe(ana._id);
    const inserted = await records.upsert(ws, table._id, 'email', { email: 'dani@x', pontos: 1 });
    expect(inserted._id).not.toBe(ana._id);

    expect(await records.delete(ws, table._id, { filter: { pontos: { equals: 0 } } })).toBe(1);
    expect(await records.delete(ws, table._id, { id: ana._id })).toBe(1);
    expect((await records.find(ws, table._id)).map((r) => r.data.email).sort()).toEqual([
      'bia@x',
      'dani@x',
    ]);
  });

  it('never reaches another workspace table: fails naming the table', async () => {
    const owner = await t.createAccount();
    const intruder = await t.createAccount();
    const table = await createTable(owner, 'Privada');
    const records = port();
    const row = await records.insert(owner.workspaceId, table._id, { email: 'a@x' });
    for (const ref of [table._id, 'Privada']) {
      const notFound = { statusCode: 404, message: messages.recordNodes.tableMissing(ref) };
      await expect(
        records.insert(intruder.workspaceId, ref, { email: 'b@x' }),
      ).rejects.toMatchObject(notFound);
      await expect(records.find(intruder.workspaceId, ref)).rejects.toMatchObject(notFound);
      await expect(
        records.delete(intruder.workspaceId, ref, { id: row._id }),
      ).rejects.toMatchObject(notFound);
    }
    // A record id of another workspace under the intruder's own table matches nothing.
    const own = await createTable(intruder, 'Minha');
    expect(await records.delete(intruder.workspaceId, own._id, { id: row._id })).toBe(0);
    expect(await records.get(intruder.workspaceId, own._id, row._id)).toBeNull();
    expect((await records.find(owner.workspaceId, table._id)).length).toBe(1);
  });

  it('the streamed export walks every row once across pages, ties on created_at included', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Grande');
    const count = limits.recordsExportPage * 2 + 17;
    const at = new Date('2024-03-01T12:00:00Z');
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      workspaceId: account.workspaceId,
      tableId: table._id,
      data: { email: `p${i}@x`, pontos: i },
      // Many rows share a created_at: the cursor must order by id within it.
      createdAt: new Date(at.getTime() + Math.floor(i / 7) * 1000),
      updatedAt: at,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.database.db.insert(dbRecords).values(rows.slice(i, i + 500));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/db/entities/export/${table._id}/csv?columns=email`,
      headers: { authorization: `Bearer ${account.token}`, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    const parsed: string[][] = parse(res.body, { bom: true });
    expect(parsed.length).toBe(count + 1);
    expect(new Set(parsed.slice(1).map((row) => row[0])).size).toBe(count);

    // A type change checks every batch and lists the first 20 offending ids (by id).
    const change = await t.request(account.token).put(`/api/v1/db/tables/${table._id}`, {
      name: 'Grande',
      fields: [field('email', { type: 'integer' }), field('pontos', { type: 'integer' })],
    });
    expect(change.statusCode).toBe(400);
    const first = rows
      .map((row) => row.id)
      .sort()
      .slice(0, 20);
    expect(change.json().message).toBe(
      messages.tables.fieldChangeRefused('Email', `${first.join(', ')} e mais ${count - 20}`),
    );
  });

  it('the export cursor starts each page in the index instead of filtering from the start', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Cursor');
    const cursor = cursorAfter({ createdAt: new Date('2024-03-01T12:00:00Z'), id: 'm' });
    const plan = await t.database.db.transaction(async (tx) => {
      // The table is small: the planner is told to prefer the index, as it does on big tables.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from db_records where table_id = ${table._id} and ${cursor}
            order by created_at, id limit 1000`,
      );
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toMatch(/Index Cond: .*created_at.*id/);
    expect(plan).not.toMatch(/Filter:/);
  });
});
