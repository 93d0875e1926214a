// What the text search of the logs costs and what it gives (docs/adr/0061, 0079): over the logs
// of `bench/logs-query.ts`, (1) the write cost per log row, as the log writer inserts them
// (batches of 500 as one JSON parameter), with each index design; (2) the size of each index;
// (3) the searches of the logs bench, and how many lines each finds. Designs: `folded`, the
// product's (two trigram indexes on ponte_fold(message) and ponte_fold(label), searched case and
// accents aside by the logs repository, docs/adr/0079); `trigram`, the product before it (two
// trigram indexes on the raw columns, searched with ILIKE as the previous repository did); no
// text index; a full-text (tsvector GIN) index; trigram indexes over the last 8 days only.
// Ends with the plan of the product's search. Usage:
// node bench/run-ts.mjs bench/logs-text-search.ts [logs] [postgres-url] [--only=folded,trigram]
import { and, desc, gte, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { insertBenchLogs, openBenchDatabase } from './support/bench-database.ts';
import { createLogsRepository } from '../apps/server/src/modules/logs/logs.repository.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { logs } from '../apps/server/src/db/schema.ts';
import { containsFolded, containsPattern } from '../apps/server/src/lib/list-query.ts';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const total = Number(args[0] ?? 1_000_000);
const serverUrl = args[1] ?? null;
const workspace = 'ws-bench';
const now = new Date();
const day = 86_400_000;

const { handle, cleanup } = await openBenchDatabase('ponte-logs-search-bench', serverUrl);
const db: Database = handle.db;
await insertBenchLogs(db, workspace, total, now);
await db.execute(sql`analyze logs`);

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const fts = sql.raw(`to_tsvector('simple', label || ' ' || message)`);

const indexSets: Record<string, string[]> = {
  folded: [
    'create index logs_message_fold_trgm_idx on logs using gin (ponte_fold(message) gin_trgm_ops)',
    'create index logs_label_fold_trgm_idx on logs using gin (ponte_fold(label) gin_trgm_ops)',
  ],
  trigram: [
    'create index logs_message_trgm_idx on logs using gin (message gin_trgm_ops)',
    'create index logs_label_trgm_idx on logs using gin (label gin_trgm_ops)',
  ],
  none: [],
  fts: [
    `create index logs_fts_idx on logs using gin (to_tsvector('simple', label || ' ' || message))`,
  ],
  recent: [
    `create index logs_message_trgm_recent_idx on logs using gin (message gin_trgm_ops) where created_at >= '${new Date(now.getTime() - 8 * day).toISOString()}'`,
    `create index logs_label_trgm_recent_idx on logs using gin (label gin_trgm_ops) where created_at >= '${new Date(now.getTime() - 8 * day).toISOString()}'`,
  ],
};
const textIndexes = [
  'logs_message_fold_trgm_idx',
  'logs_label_fold_trgm_idx',
  'logs_message_trgm_idx',
  'logs_label_trgm_idx',
  'logs_fts_idx',
  'logs_message_trgm_recent_idx',
  'logs_label_trgm_recent_idx',
];

async function useIndexes(set: keyof typeof indexSets) {
  for (const name of textIndexes) await db.execute(sql.raw(`drop index if exists ${name}`));
  const t0 = performance.now();
  for (const statement of indexSets[set]!) await db.execute(sql.raw(statement));
  const buildSeconds = (performance.now() - t0) / 1000;
  await db.execute(sql`analyze logs`);
  const sizes = rowsOf(
    await db.execute(sql`
      select coalesce(sum(pg_relation_size(indexrelid)), 0)::bigint as bytes
      from pg_stat_user_indexes where relname = 'logs' and indexrelname like ${'logs_%_idx'} and indexrelname in (${sql.join(
        textIndexes.map((name) => sql`${name}`),
        sql`, `,
      )})`),
  );
  return { buildSeconds, megabytes: Number(sizes[0]!.bytes) / 1024 / 1024 };
}

/** Rows like the runner's: a start, node lines and an end per execution, of this moment. */
function batchOf(batch: number) {
  return Array.from({ length: 500 }, (_, i) => ({
    workspace_id: workspace,
    flow_id: `flow-${i % 20}`,
    execution_id: `w-${batch}-${Math.floor(i / 6)}`,
    node_uid: `n${i % 5}`,
    type: i % 6 === 3 ? 'user' : 'internal',
    label: i % 6 === 0 ? 'Execução iniciada' : `Conector ${i % 6}`,
    message: `Conector "Código" (n${i % 5}) concluído em ${i % 9} ms; saída de ${100 + i} bytes. Pedido ${batch * 500 + i}`,
    created_at: new Date(now.getTime() - 1000 + i).toISOString(),
  }));
}

let batchNumber = 0;
/** µs per row of `batches` inserts of 500 rows as the log writer makes them. */
async function writeCost(batches: number) {
  const times: number[] = [];
  for (let b = 0; b < batches; b++) {
    const rows = batchOf(batchNumber++);
    const t0 = performance.now();
    await db.execute(sql`
      insert into logs (workspace_id, flow_id, execution_id, node_uid, type, label, message, created_at)
      select workspace_id, flow_id, execution_id, node_uid, type, label, message, created_at
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(
        workspace_id text, flow_id text, execution_id text, node_uid text, type text,
        label text, message text, created_at timestamptz)`);
    times.push(performance.now() - t0);
  }
  return (times.reduce((a, b) => a + b, 0) * 1000) / (batches * 500);
}

const searches: [string, { days: number; text: string }][] = [
  ['tudo, busca "cliente 512 "', { days: 1000, text: 'cliente 512 ' }],
  ['7 dias, busca rara "Pedido 4242 "', { days: 7, text: 'Pedido 4242 ' }],
  ['7 dias, busca "cliente 512 "', { days: 7, text: 'cliente 512 ' }],
];

/** The product's query (the repository: folded message or label, docs/adr/0079), ms and total. */
async function productSearch(days: number, text: string) {
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const result = await createLogsRepository(db).list(
      workspace,
      { date_alias: `${days}d` as '7d', search: text },
      3,
      20,
      now,
    );
    times.push(performance.now() - t0);
    found = result.total;
  }
  return { ms: median(times), found };
}

/**
 * The query of the product before docs/adr/0079 (the previous repository: ILIKE on the raw
 * message or label), the same page and capped total.
 */
async function ilikeSearch(days: number, text: string) {
  const pattern = containsPattern(text);
  const where = and(
    eq(logs.workspaceId, workspace),
    gte(logs.createdAt, new Date(now.getTime() - days * day)),
    or(ilike(logs.message, pattern), ilike(logs.label, pattern)),
  );
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const capped = db
      .select({ one: sql`1` })
      .from(logs)
      .where(where)
      .limit(10_000)
      .as('capped');
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
    await db
      .select()
      .from(logs)
      .where(where)
      .orderBy(desc(logs.createdAt), desc(logs.id))
      .limit(20)
      .offset(40);
    times.push(performance.now() - t0);
    found = Number(counted?.n ?? 0);
  }
  return { ms: median(times), found };
}

/** The same page and capped total with a full-text phrase query instead of ILIKE. */
async function ftsSearch(days: number, text: string) {
  const from = new Date(now.getTime() - days * day).toISOString();
  const where: SQL = sql`workspace_id = ${workspace} and created_at >= ${from}::timestamptz
    and ${fts} @@ phraseto_tsquery('simple', ${text})`;
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const counted = rowsOf(
      await db.execute(
        sql`select count(*)::int as n from (select 1 from logs where ${where} limit 10000) c`,
      ),
    );
    await db.execute(
      sql`select * from logs where ${where} order by created_at desc, id desc limit 20 offset 40`,
    );
    times.push(performance.now() - t0);
    found = Number(counted[0]!.n);
  }
  return { ms: median(times), found };
}

const searchOf: Record<keyof typeof indexSets, typeof productSearch> = {
  folded: productSearch,
  trigram: ilikeSearch,
  none: ilikeSearch,
  fts: ftsSearch,
  recent: ilikeSearch,
};
// In the order `--only` gives them, so that a second run can swap which design goes first.
const allDesigns = ['trigram', 'folded', 'none', 'fts', 'recent'] as const;
const designs = only
  ? allDesigns.filter((set) => only.includes(set)).sort((a, b) => only.indexOf(a) - only.indexOf(b))
  : allDesigns;
const out: Record<string, string | number>[] = [];
for (const set of designs) {
  const built = await useIndexes(set);
  await writeCost(4); // warm
  const perRow = await writeCost(40);
  const row: Record<string, string | number> = {
    índices: set,
    'µs por linha gravada': perRow.toFixed(1),
    'tamanho (MB)': built.megabytes.toFixed(0),
    'criação (s)': built.buildSeconds.toFixed(1),
  };
  for (const [name, { days, text }] of searches) {
    const result = await searchOf[set]!(days, text);
    row[name] = `${result.ms.toFixed(1)} ms (${result.found})`;
  }
  out.push(row);
}
console.log(
  `${total} logs (${handle.driver}); gravação: 40 lotes de 500 linhas; buscas: página 3 de 20 e total (mediana de 5):`,
);
for (const row of out) console.log(JSON.stringify(row));

// The plan of the product's search (the capped total, all time), on its own indexes.
await useIndexes('folded');
const from = new Date(now.getTime() - 1000 * day);
const [first] = searches;
const plan = rowsOf(
  await db.execute(sql`explain select count(*) from (select 1 from logs
    where workspace_id = ${workspace} and created_at >= ${from.toISOString()}::timestamptz
    and (${containsFolded(logs.message, first![1].text)} or ${containsFolded(logs.label, first![1].text)})
    limit 10000) c`),
);
console.log(`\nPlano da busca do produto ("${first![1].text}", tudo):`);
for (const line of plan) console.log(String(Object.values(line)[0]));
await handle.close();
await cleanup();
