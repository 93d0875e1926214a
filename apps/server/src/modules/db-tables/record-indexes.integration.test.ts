import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { limits } from '@ponte/shared/limits';
import { entityListSchema, tableSchema, type Table } from '@ponte/shared/db-tables.schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { field } from '../../test/db-table-fixtures';
import { fieldIndexName, uniqueIndexName } from './record-sql';
import { filterConditions, parseFilter } from './records.service';
import { createDbTablesRepository } from './db-tables.repository';

type Rows = { rows: Record<string, unknown>[] };

describeEachDriver('database records: filter indexes and capped totals', (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);
  const fields = [
    field('nome', { is_unique: true }),
    field('nota', { type: 'longtext', length: 1000 }),
    field('pontos', { type: 'integer' }),
    field('saldo', { type: 'float' }),
    field('ativo', { type: 'boolean' }),
    field('nascimento', { type: 'date' }),
    field('visto', { type: 'datetime' }),
  ];

  async function createTable(account: TestAccount, name: string): Promise<Table> {
    const res = await api(account).post('/api/v1/db/tables', { name, fields });
    expect(res.statusCode, res.body).toBe(201);
    return tableSchema.parse(res.json());
  }

  /** The names of db_records' indexes of a table, by field. */
  async function indexesOf(tableId: string, names: string[]) {
    const result = (await t.database.db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'db_records'`,
    )) as unknown as Rows;
    const defs = new Map(result.rows.map((row) => [String(row.indexname), String(row.indexdef)]));
    return Object.fromEntries(
      names.map((name) => [name, defs.get(fieldIndexName(tableId, name)) ?? null]),
    );
  }

  /** `count` rows: nome `pessoa {i}`, pontos i % 1000, saldo i / 10, dates by i. */
  async function load(account: TestAccount, table: Table, count: number) {
    await t.database.db.execute(sql`
      insert into db_records (id, workspace_id, table_id, data, created_at, updated_at)
      select gen_random_uuid()::text, ${account.workspaceId}, ${table._id},
        jsonb_build_object('nome', 'pessoa ' || i, 'nota', 'nota ' || i, 'pontos', i % 1000,
          'saldo', i / 10.0, 'ativo', i % 2 = 0,
          'nascimento', to_char(date '2000-01-01' + i % 3650, 'YYYY-MM-DD'),
          'visto', to_char((timestamptz '2024-01-01T00:00:00Z' + i * interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        now(), now()
      from generate_series(1, ${count}) as i`);
    await t.database.db.execute(sql`analyze db_records`);
  }

  const list = async (account: TestAccount, table: Table, filter: Record<string, unknown>) => {
    const raw = JSON.stringify({ table: table._id, ...filter });
    const res = await api(account).get(`/api/v1/db/entities?filter=${encodeURIComponent(raw)}`);
    expect(res.statusCode, res.body).toBe(200);
    return entityListSchema.parse(res.json());
  };

  it('creates an index per filterable field with the table, and drops it with the field or the table', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Indices');
    const names = fields.map((f) => f.name ?? '');
    const created = await indexesOf(table._id, names);
    expect(created.nome).toMatch(/USING gin .*gin_trgm_ops.*WHERE \(table_id = /);
    expect(created.nota).toMatch(/USING gin .*gin_trgm_ops/);
    expect(created.pontos).toMatch(/USING btree .*jsonb_typeof.*numeric/s);
    expect(created.saldo).toMatch(/USING btree .*jsonb_typeof.*numeric/s);
    expect(created.ativo).toBeNull();
    expect(created.nascimento).toMatch(/USING btree \(+data ->> 'nascimento'/);
    expect(created.visto).toMatch(/USING btree \(+data ->> 'visto'/);

    // A copy gets its own.
    const copy = await api(account).post(`/api/v1/db/tables/${table._id}/duplicate`, {
      name: 'Indices 2',
    });
    expect((await indexesOf(copy.json()._id, ['nome'])).nome).toMatch(/gin_trgm_ops/);

    // Removing a field drops its index; adding one creates it; a type change rebuilds it.
    const edited = await api(account).put(`/api/v1/db/tables/${table._id}`, {
      name: 'Indices',
      fields: [
        ...fields.filter((f) => f.name !== 'nota' && f.name !== 'pontos'),
        field('pontos', { type: 'string', length: 20 }),
        field('cidade'),
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await indexesOf(table._id, ['nota', 'pontos', 'cidade']);
    expect(after.nota).toBeNull();
    expect(after.pontos).toMatch(/USING gin .*gin_trgm_ops/);
    expect(after.cidade).toMatch(/USING gin .*gin_trgm_ops/);

    expect((await api(account).delete(`/api/v1/db/tables/${table._id}`)).statusCode).toBe(204);
    const gone = (await t.database.db.execute(
      sql`select indexname from pg_indexes where tablename = 'db_records' and indexname in (${sql.join(
        [...names, 'cidade'].flatMap((name) => [
          fieldIndexName(table._id, name),
          uniqueIndexName(table._id, name),
        ]),
        sql`, `,
      )})`,
    )) as unknown as Rows;
    expect(gone.rows).toEqual([]);
  });

  it('plans each range and contains filter on its field index, and still answers right', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Planos');
    await load(account, table, 10_000);
    const row = (await createDbTablesRepository(t.database.db).find(
      account.workspaceId,
      table._id,
    ))!;
    const cases: [string, Record<string, unknown>, number][] = [
      ['nome', { contains: 'soa 1234' }, 1],
      ['nota', { contains: 'NOTA 9999' }, 1],
      ['pontos', { from: 100, to: 109 }, 100],
      ['saldo', { from: '10', to: '10.5' }, 6],
      ['nascimento', { from: '2000-01-02', to: '2000-01-03' }, 6],
      ['visto', { from: '2024-01-01T01:00:00Z', to: '2024-01-01T03:00:00Z' }, 3],
    ];
    for (const [name, fieldFilter, expected] of cases) {
      const filter = parseFilter(
        JSON.stringify({ table: table._id, fields: { [name]: fieldFilter } }),
      );
      const plan = await t.database.db.transaction(async (tx) => {
        // A small table: the planner is told to avoid the scans it would pick at this size.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const result = (await tx.execute(
          sql`explain select count(*) from db_records where table_id = ${table._id} and ${sql.join(
            filterConditions(row, filter),
            sql` and `,
          )}`,
        )) as unknown as Rows;
        return result.rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan, name).toContain(fieldIndexName(table._id, name));
      expect((await list(account, table, { fields: { [name]: fieldFilter } })).total, name).toBe(
        expected,
      );
    }
  });

  it('counts a total up to the cap and answers the cap beyond it, filtered or not', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Muitos');
    await load(account, table, limits.totalCap + 5);
    const all = await list(account, table, { page: 1 });
    expect(all.total).toBe(limits.totalCap);
    expect(all.items).toHaveLength(20);
    const broad = await list(account, table, { fields: { nome: { contains: 'pessoa' } } });
    expect(broad.total).toBe(limits.totalCap);
    const narrow = await list(account, table, { fields: { pontos: { from: 0, to: 0 } } });
    expect(narrow.total).toBe(10);
    // A page of few matches is read apart and sorted: newest first still (same instant: by id).
    const ids = narrow.items.map((item) => item._id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(ids).toHaveLength(10);
  });
});
