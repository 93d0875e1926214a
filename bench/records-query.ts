// Database tables at scale: a table of a million records, then a filtered page of 20 with its
// total (text contains, number range, date range, datetime range) as GET /api/v1/db/entities
// runs it (the records service), and a CSV export of 100 000 of those rows through the
// streamed download the route pipes (`download=1`), with the process's memory sampled during it.
// Usage: node --expose-gc bench/run-ts.mjs bench/records-query.ts [records] [postgres-url]
// The product's per-field filter indexes are dropped for the bulk load and built after it.
// Without a URL the embedded PostgreSQL (PGlite) runs in a temp folder; with one, a fresh
// database is created on that server for the run and dropped afterwards.
// Loading is a bulk `insert … select from generate_series` (the values the service would write,
// in the same JSONB shape); the point is to measure the reads. When a filtered page misses the
// 100 ms aim, the EXPLAIN ANALYZE of its count is printed.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { createDbTablesService } from '../apps/server/src/modules/db-tables/db-tables.service.ts';
import { createDbTablesRepository } from '../apps/server/src/modules/db-tables/db-tables.repository.ts';
import {
  createRecordsService,
  filterConditions,
  parseFilter,
} from '../apps/server/src/modules/db-tables/records.service.ts';
import { createRecordsRepository } from '../apps/server/src/modules/db-tables/records.repository.ts';
import { createRecordsExport } from '../apps/server/src/modules/db-tables/records-csv.ts';
import {
  createFieldIndex,
  dropFieldIndex,
} from '../apps/server/src/modules/db-tables/table-structure.ts';
import { limits } from '@ponte/shared/limits';

const args = process.argv.slice(2);
const total = Number(args[0] ?? 1_000_000);
const serverUrl = args[1] ?? null;
const runs = 7;

async function open(): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'ponte-records-bench-'));
    const handle = await openPglite(join(dir, 'db'));
    return { handle, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `ponte_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    handle,
    cleanup: async () => {
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadBefore = load();
const { handle, cleanup } = await open();
const db = handle.db;
const now = () => new Date();
const ws = 'ws-bench';
await db.execute(sql`insert into customers (id, name) values ('c-bench', 'Bench')`);
await db.execute(sql`insert into workspaces (id, customer_id, name) values
  (${ws}, 'c-bench', 'Bench'), ('ws-outro', 'c-bench', 'Outro')`);

const fieldOf = (name: string, type: string, length: number | null = null) => ({
  name,
  label: name[0]!.toUpperCase() + name.slice(1),
  type,
  length,
});
const tables = createDbTablesService({ db, now });
const table = await tables.create(ws, {
  name: 'Clientes',
  fields: [
    fieldOf('nome', 'string', 200),
    fieldOf('pontos', 'integer'),
    fieldOf('saldo', 'float'),
    fieldOf('nascimento', 'date'),
    fieldOf('visto_em', 'datetime'),
    fieldOf('ativo', 'boolean'),
  ],
} as Parameters<typeof tables.create>[1]);
const other = await tables.create('ws-outro', {
  name: 'Outra',
  fields: [fieldOf('nome', 'string', 200)],
} as Parameters<typeof tables.create>[1]);

const tablesRepository = createDbTablesRepository(db);
const tableRow0 = (await tablesRepository.findRef(ws, table._id))!;
const otherRow0 = (await tablesRepository.findRef('ws-outro', other._id))!;
for (const field of tableRow0.fields) await dropFieldIndex(db, table._id, field.name);
for (const field of otherRow0.fields) await dropFieldIndex(db, other._id, field.name);

// A million records created over the last year (newest first in the list), values spread so
// each filter below matches a known share: nome 'Cliente {i} da Silva', pontos i % 10000,
// saldo (i % 100000) / 100, nascimento a day among ~60 years, visto_em over the last 2 years.
const started = performance.now();
const chunk = 100_000;
const t0 = Date.now();
for (let offset = 0; offset < total; offset += chunk) {
  const size = Math.min(chunk, total - offset);
  await db.execute(sql`
    insert into db_records (id, workspace_id, table_id, data, created_at, updated_at)
    select gen_random_uuid()::text, ${ws}, ${table._id},
      jsonb_build_object(
        'nome', 'Cliente ' || i || ' da Silva',
        'pontos', i % 10000,
        'saldo', (i % 100000) / 100.0,
        'nascimento', to_char(date '1960-01-01' + (i * 7919 % 21900)::int, 'YYYY-MM-DD'),
        'visto_em', to_char((timestamptz '2024-11-01T00:00:00Z'
          + ((i * 104729 % 63072000) || ' seconds')::interval) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'ativo', i % 3 = 0),
      ts, ts
    from generate_series(${offset}::bigint, ${offset + size - 1}::bigint) as i,
      lateral (select ${new Date(t0).toISOString()}::timestamptz
        - ((${total}::bigint - i) * (365 * 86400.0 / ${total}) || ' seconds')::interval as ts) as at_`);
}
// Another workspace's table, so every query really filters by workspace and table.
await db.execute(sql`
  insert into db_records (id, workspace_id, table_id, data, created_at, updated_at)
  select gen_random_uuid()::text, 'ws-outro', ${other._id},
    jsonb_build_object('nome', 'Cliente ' || i), now(), now()
  from generate_series(1, 50000) as i`);
// The product's filter indexes (created with the tables above) are dropped for the bulk load
// and built again after it with the product's own DDL: the same indexes, built in one pass.
for (const field of tableRow0.fields) await createFieldIndex(db, table._id, field);
for (const field of otherRow0.fields) await createFieldIndex(db, other._id, field);
await db.execute(sql`analyze db_records`);
const loadSeconds = (performance.now() - started) / 1000;

const records = createRecordsService({ db, now });
const cases: [string, Record<string, unknown>][] = [
  ['texto contém "4242"', { nome: { contains: '4242' } }],
  ['texto contém "silva" (todos)', { nome: { contains: 'silva' } }],
  ['inteiro 100–199 (1 %)', { pontos: { from: 100, to: 199 } }],
  ['decimal 10–10,99 (0,1 %)', { saldo: { from: 10, to: 10.99 } }],
  ['data: um mês', { nascimento: { from: '1990-01-01', to: '1990-01-31' } }],
  ['data e hora: um dia', { visto_em: { from: '2025-06-01', to: '2025-06-01' } }],
  ['sem filtro', {}],
];
const filterOf = (fields: Record<string, unknown>) =>
  JSON.stringify({ table: table._id, timezoneOffset: 180, fields });
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const rows: { caso: string; 'mediana (ms)': string; 'p95 (ms)': string; total: number }[] = [];
const slow: string[] = [];
for (const [name, fields] of cases) {
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const result = await records.list(ws, { page: 3, size: 20, filter: filterOf(fields) });
    times.push(performance.now() - start);
    found = result.total;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)]!;
  rows.push({
    caso: name,
    'mediana (ms)': median.toFixed(1),
    'p95 (ms)': pct(times, 95).toFixed(1),
    total: found,
  });
  if (median > 100) slow.push(name);
}

// The export: 100 000 rows (pontos < 1000, a tenth of the table) through the streamed CSV.
const tableRow = (await createDbTablesRepository(db).findRef(ws, table._id))!;
const exporter = createRecordsExport(db, now);
const exportFilter = filterOf({ pontos: { from: 0, to: 999 } });
global.gc?.();
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
}, 20);
const exportStart = performance.now();
const { stream } = exporter.stream({
  workspaceId: ws,
  table: tableRow,
  filter: exportFilter,
  columns: undefined,
});
let bytes = 0;
let lines = 0;
for await (const piece of stream as AsyncIterable<Buffer | string>) {
  bytes += piece.length;
  for (let i = 0; i < piece.length; i++) if (piece[i] === 10 || piece[i] === '\n') lines++;
}
const exportSeconds = (performance.now() - exportStart) / 1000;
clearInterval(sampler);
// The same pages the export reads, without making CSV: how much of its time is the database.
const queryStart = performance.now();
const pageRepository = createRecordsRepository(db);
const exportConditions = filterConditions(tableRow, parseFilter(exportFilter));
let cursor: { createdAt: Date; id: string } | null = null;
for (;;) {
  const page = await pageRepository.after(ws, table._id, exportConditions, cursor, 1000);
  if (!page.length) break;
  const last = page[page.length - 1]!;
  cursor = { createdAt: last.createdAt, id: last.id };
}
const querySeconds = (performance.now() - queryStart) / 1000;
const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

console.log(
  `${total} registros (${handle.driver}), carga em ${loadSeconds.toFixed(0)} s; load average ${loadBefore} antes, ${load()} agora; página 3 de 20, ${runs} vezes cada:`,
);
console.table(rows);
console.log(
  `exportação CSV em stream: ${lines - 1} linhas, ${mb(bytes)} MB em ${exportSeconds.toFixed(1)} s; ` +
    `RSS ${mb(before.rss)} → pico ${mb(peakRss)} MB, heap ${mb(before.heapUsed)} → pico ${mb(peakHeap)} MB; ` +
    `as mesmas páginas sem gerar o CSV: ${querySeconds.toFixed(1)} s`,
);

// Why a page missed the aim: the plans of its count and of the page itself.
for (const name of slow) {
  const fields = cases.find(([caseName]) => caseName === name)![1];
  const conditions = filterConditions(tableRow, parseFilter(filterOf(fields)));
  const where = sql.join(
    [sql`workspace_id = ${ws}`, sql`table_id = ${table._id}`, ...conditions],
    sql` and `,
  );
  for (const [what, query] of [
    [
      'do total',
      sql`select count(*) from (select 1 from db_records where ${where} limit ${limits.totalCap}) as capped`,
    ],
    [
      'da página',
      sql`select * from db_records where ${where} order by created_at desc, id desc limit 20 offset 40`,
    ],
  ] as const) {
    const plan = await db.execute(sql`explain (analyze, buffers) ${query}`);
    console.log(`\nEXPLAIN ANALYZE ${what}, ${name}:`);
    for (const line of (plan as unknown as { rows: Record<string, string>[] }).rows)
      console.log(Object.values(line)[0]);
  }
}
await handle.close();
await cleanup();
