// The monitoring logs query against a big table: a filtered page of 20 and its (capped) total,
// as GET /api/v1/monitoring/logs runs it, with a million logs of one workspace spread over 30
// days. Usage: node bench/run-ts.mjs bench/logs-query.ts [logs] [postgres-url]
// Without a URL the embedded PostgreSQL runs in a temp folder; with one, a fresh database is
// created on that server for the run and dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { createLogsRepository } from '../apps/server/src/modules/logs/logs.repository.ts';
import type { LogFilters } from '../packages/shared/src/monitoring.schema.ts';

const total = Number(process.argv[2] ?? 1_000_000);
const serverUrl = process.argv[3] ?? null;
const workspace = 'ws-bench';
const now = new Date();

async function open(): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'ponte-logs-bench-'));
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

const { handle, cleanup } = await open();
const db = handle.db;
const started = performance.now();
const chunk = 100_000;
for (let offset = 0; offset < total; offset += chunk) {
  const size = Math.min(chunk, total - offset);
  // 20 flows, an execution per 10 logs, every 7th log internal, 30 days back from now.
  await db.execute(sql`
    insert into logs (workspace_id, flow_id, execution_id, node_uid, type, label, message, created_at)
    select ${workspace}, 'flow-' || (i % 20), 'exec-' || (i / 10), 'n' || (i % 5),
           case when i % 7 = 0 then 'internal' when i % 11 = 0 then 'debug' else 'user' end,
           'Etapa ' || (i % 13),
           'Pedido ' || i || ' processado para o cliente ' || (i % 997) || ' com total de R$ ' || (i % 5000),
           ${now.toISOString()}::timestamptz - (i * (30 * 86400.0 / ${total}) || ' seconds')::interval
    from generate_series(${offset}::bigint, ${offset + size - 1}::bigint) as i`);
}
// A second workspace, so every query really filters by workspace.
await db.execute(sql`
  insert into logs (workspace_id, flow_id, execution_id, type, label, message, created_at)
  select 'ws-outro', 'flow-x', 'exec-x' || i, 'user', '', 'Pedido ' || i, now() - (i || ' seconds')::interval
  from generate_series(1, 50000) as i`);
await db.execute(sql`analyze logs`);
const loadSeconds = (performance.now() - started) / 1000;

const repository = createLogsRepository(db);
const cases: [string, LogFilters][] = [
  ['última hora (padrão)', {}],
  ['últimos 7 dias', { date_alias: '7d' }],
  ['15 dias, um flow', { date_alias: '15d', flow: 'flow-7' }],
  ['tudo, tipo internal', { date_alias: '1000d', type: 'internal' }],
  ['tudo, uma execução', { date_alias: '1000d', execution_id: 'exec-4242' }],
  ['tudo, busca "cliente 512 "', { date_alias: '1000d', search: 'cliente 512 ' }],
  ['7 dias, busca rara', { date_alias: '7d', search: 'Pedido 4242 ' }],
];
const runs = 7;
const rows: { caso: string; 'mediana (ms)': string; 'pior (ms)': string; total: number }[] = [];
for (const [name, filters] of cases) {
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    const result = await repository.list(workspace, filters, 3, 20, now);
    times.push(performance.now() - t0);
    found = result.total;
  }
  times.sort((a, b) => a - b);
  rows.push({
    caso: name,
    'mediana (ms)': times[Math.floor(runs / 2)]!.toFixed(1),
    'pior (ms)': times[runs - 1]!.toFixed(1),
    total: found,
  });
}
console.log(
  `${total} logs (${handle.driver}), carga em ${loadSeconds.toFixed(0)} s; página 3 de 20, ${runs} vezes cada:`,
);
console.table(rows);
await handle.close();
await cleanup();
