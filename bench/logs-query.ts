// The monitoring logs query against a big table: a filtered page of 20 and its (capped) total,
// as GET /api/v1/monitoring/logs runs it, with a million logs of one workspace spread over 30
// days. Usage: node bench/run-ts.mjs bench/logs-query.ts [logs] [postgres-url]
// Without a URL the embedded PostgreSQL runs in a temp folder; with one, a fresh database is
// created on that server for the run and dropped afterwards.
import { sql } from 'drizzle-orm';
import { insertBenchLogs, openBenchDatabase } from './support/bench-database.ts';
import { createLogsRepository } from '../apps/server/src/modules/logs/logs.repository.ts';
import type { LogFilters } from '../packages/shared/src/monitoring.schema.ts';

const total = Number(process.argv[2] ?? 1_000_000);
const serverUrl = process.argv[3] ?? null;
const workspace = 'ws-bench';
const now = new Date();

const { handle, cleanup } = await openBenchDatabase('ponte-logs-bench', serverUrl);
const db = handle.db;
const started = performance.now();
await insertBenchLogs(db, workspace, total, now);
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
