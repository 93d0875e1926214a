// A dashboard of eight widgets (one of each type) queried through the dispatcher of
// POST /api/v1/dashboards/query, over the monitoring bench's million logs plus 100 000 executions of
// one workspace over 30 days (and a second workspace), for 'today' and for 30 days.
// Usage: node bench/run-ts.mjs bench/dashboard-query.ts [logs] [postgres-url]
// Without a URL the embedded PostgreSQL runs in a temp folder; with one, a fresh database is
// created on that server for the run and dropped afterwards. Also prints the plans of a day's
// log_count and execution widgets.
import { sql } from 'drizzle-orm';
import { insertBenchLogs, openBenchDatabase } from './support/bench-database.ts';
import { createDashboardQueryService } from '../apps/server/src/modules/dashboards/dashboard-query.service.ts';
import { databaseListQuery } from '../apps/server/src/modules/dashboards/database-list-widget.ts';
import {
  executionCountQuery,
  executionHistogramQuery,
  executionTimeQuery,
} from '../apps/server/src/modules/dashboards/execution-widgets.ts';
import {
  logCountQuery,
  logHistogramQuery,
  logListQuery,
} from '../apps/server/src/modules/dashboards/log-widgets.ts';
import type { WidgetQuery } from '../apps/server/src/modules/dashboards/widget-query.ts';
import { resolvePeriod, type Period } from '../packages/shared/src/dashboard-periods.ts';
import {
  widgetConfigSchema,
  type ViewPeriodType,
  type WidgetConfigInput,
  type WidgetType,
} from '../packages/shared/src/dashboards.schema.ts';

const total = Number(process.argv[2] ?? 1_000_000);
const serverUrl = process.argv[3] ?? null;
const workspace = 'ws-bench';
const executionsTotal = 100_000;
const recordsTotal = 5_000;
const now = new Date();

const { handle, cleanup } = await openBenchDatabase('ponte-dashboard-bench', serverUrl);
const db = handle.db;
const started = performance.now();
await insertBenchLogs(db, workspace, total, now);
// 100 000 executions over 30 days (every 9th an error, every 31st crashed), and a second workspace.
for (const [ws, count] of [
  [workspace, executionsTotal],
  ['ws-outro', 20_000],
] as const) {
  await db.execute(sql`
    insert into executions (id, workspace_id, flow_id, trigger_type, trigger_node_uid, status, queued_at, started_at, ended_at, duration_ms, steps)
    select ${ws} || '-exec-' || i, ${ws}, 'flow-' || (i % 20), 'webhook', 'n0',
           case when i % 31 = 0 then 'crashed' when i % 9 = 0 then 'error' else 'success' end,
           t, t, t + ((i % 3000) || ' milliseconds')::interval, i % 3000, 5
    from (select i, ${now.toISOString()}::timestamptz - (i * (30 * 86400.0 / ${count}) || ' seconds')::interval as t
          from generate_series(0, ${count - 1}) as i) as s`);
}
// A table of a few thousand records for database_list.
await db.execute(sql`insert into customers (id, name) values ('cust-bench', 'Bench')`);
await db.execute(
  sql`insert into workspaces (id, customer_id, name) values (${workspace}, 'cust-bench', 'Bench')`,
);
const fields = JSON.stringify([
  {
    name: 'cliente',
    label: 'Cliente',
    type: 'string',
    length: 100,
    default_value: null,
    is_unique: false,
    is_required: false,
    position: 0,
  },
  {
    name: 'total',
    label: 'Total',
    type: 'float',
    length: null,
    default_value: null,
    is_unique: false,
    is_required: false,
    position: 1,
  },
]);
await db.execute(
  sql`insert into db_tables (id, workspace_id, customer_id, name, fields) values ('tbl-bench', ${workspace}, 'cust-bench', 'pedidos', ${fields}::jsonb)`,
);
await db.execute(sql`
  insert into db_records (id, workspace_id, table_id, data, created_at, updated_at)
  select 'rec-' || i, ${workspace}, 'tbl-bench', jsonb_build_object('cliente', 'Cliente ' || (i % 97), 'total', i % 500),
         ${now.toISOString()}::timestamptz - (i * (30 * 86400.0 / ${recordsTotal}) || ' seconds')::interval,
         ${now.toISOString()}::timestamptz
  from generate_series(0, ${recordsTotal - 1}) as i`);
await db.execute(sql`analyze`);
const loadSeconds = (performance.now() - started) / 1000;

const widgets: [WidgetType, WidgetQuery | null, WidgetConfigInput][] = [
  ['text_html', null, { html: '<p>Operação</p>' }],
  ['execution_count', executionCountQuery, {}],
  ['execution_histogram', executionHistogramQuery, {}],
  ['execution_time', executionTimeQuery, { time_type: 'avg' }],
  ['log_count', logCountQuery, { search_term: 'cliente 42' }],
  ['log_list', logListQuery, { search_term: 'cliente 42' }],
  ['log_histogram', logHistogramQuery, { search_term: 'cliente 42' }],
  ['database_list', databaseListQuery, { table_id: 'tbl-bench', columns: ['cliente', 'total'] }],
];

// The route's dispatcher (up to 4 widgets at once, each under its statement timeout).
const service = createDashboardQueryService({
  db,
  now: () => now,
  dashboards: { rowOf: async () => undefined as never },
  log: { error: (details) => console.error(details) },
});
const data = widgets.map(([type, , config]) => ({
  id: `widget-${type}`,
  type,
  config: widgetConfigSchema.parse(config),
}));

/** Queries the dashboard as POST /api/v1/dashboards/query does; a widget's error is noted. */
async function runDashboard(periodType: ViewPeriodType, failures: Set<string>) {
  const result = await service.query(workspace, { data, periodType });
  for (const [id, answer] of Object.entries(result))
    if (answer.kind === 'error') failures.add(`${id}: ${answer.error}`);
}

const runs = 9;
const periods: [string, ViewPeriodType, Period][] = [
  ['hoje', 'today', resolvePeriod('today', now)!],
  ['30 dias', '30_day', resolvePeriod('30_day', now)!],
];
const rows: { período: string; 'mediana (ms)': string; 'p95 (ms)': string }[] = [];
const failures = new Set<string>();
for (const [name, periodType] of periods) {
  await runDashboard(periodType, failures); // warm-up
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    await runDashboard(periodType, failures);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  rows.push({
    período: name,
    'mediana (ms)': times[Math.floor(runs / 2)]!.toFixed(1),
    'p95 (ms)': times[Math.min(runs - 1, Math.ceil(runs * 0.95) - 1)]!.toFixed(1),
  });
}

// Per widget and period (median of 5 direct calls), to see where the time goes.
const perWidget: Record<string, string>[] = [];
for (const [type, query, config] of widgets) {
  if (!query) continue;
  const item = { id: `widget-${type}`, type, config: widgetConfigSchema.parse(config) };
  const row: Record<string, string> = { widget: type };
  for (const [name, , period] of periods) {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const t0 = performance.now();
      try {
        await query({ db, workspaceId: workspace, period, page: 1, now }, item);
      } catch {
        // noted above
      }
      times.push(performance.now() - t0);
    }
    row[`${name} (ms)`] = times.sort((x, y) => x - y)[2]!.toFixed(1);
  }
  perWidget.push(row);
}

const today = periods[0]![2];
const end = new Date(today.end.getTime() + 1000).toISOString();
const start = today.start.toISOString();
for (const [title, statement] of [
  [
    'log_count de hoje',
    `select count(*) from logs where workspace_id = '${workspace}' and created_at >= '${start}' and created_at < '${end}' and (message || '') ilike '%cliente 42%'`,
  ],
  [
    'execution_count de hoje, um flow',
    `select count(*) from executions where workspace_id = '${workspace}' and ended_at >= '${start}' and ended_at < '${end}' and status in ('success','error','stopped','crashed') and flow_id = 'flow-3'`,
  ],
  [
    'execution_time de hoje',
    `select round(avg(duration_ms)) from executions where workspace_id = '${workspace}' and ended_at >= '${start}' and ended_at < '${end}' and status in ('success','error','stopped','crashed')`,
  ],
] as const) {
  const plan = await db.execute(sql.raw(`explain (analyze, buffers) ${statement}`));
  const lines = (plan as unknown as { rows: Record<string, string>[] }).rows.map(
    (row) => Object.values(row)[0],
  );
  console.log(`\nEXPLAIN ${title}:\n${lines.join('\n')}`);
}

console.log(
  `\n${total} logs + ${executionsTotal} execuções + ${recordsTotal} registros (${handle.driver}), carga em ${loadSeconds.toFixed(0)} s; dashboard de 8 widgets, ${runs} vezes cada:`,
);
console.table(rows);
console.table(perWidget);
if (failures.size) console.log('Widgets que falharam:', [...failures]);
await handle.close();
await cleanup();
