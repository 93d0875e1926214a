// Main-thread CPU per statement of one database option (docs/adr/0056), in this process: the
// event loop's busy time (performance.eventLoopUtilization) while statements run one after the
// other, divided by the statements. Work done on another thread or process (a worker, a
// PostgreSQL server) does not count; work done on this thread does (PGlite in-thread, the
// driver's parsing, the messages to a worker). On a busy machine the event loop stays "busy"
// while the system runs other processes, so the main thread's own CPU time (schedstat, in ns)
// is given beside it. Prints one JSON line.
// Usage: node bench/run-ts.mjs bench/support/embedded-database-cpu.ts
//        <pglite|pglite-worker|embedded|postgres> [statements=2000] [postgres-url]
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import * as client from '../../apps/server/src/db/client.ts';
import { logs } from '../../apps/server/src/db/schema.ts';
import type { Database, DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { openBenchDatabase } from './bench-database.ts';
import { openPgliteWorker } from './pglite-worker-handle.ts';

const [option = 'pglite', countArg = '2000', url = 'postgres://postgres@127.0.0.1:5432/postgres'] =
  process.argv.slice(2);
const statements = Number(countArg);
const batchRows = 500;
const batches = 20;

type Open = (dir: string) => Promise<{ handle: DatabaseHandle; cleanup?: () => Promise<void> }>;
const openers: Record<string, Open> = {
  pglite: async (dir) => ({ handle: await client.openPglite(join(dir, 'db')) }),
  'pglite-worker': async (dir) => ({ handle: await openPgliteWorker(join(dir, 'db')) }),
  // The PostgreSQL Ponte starts itself, once the server has it (openEmbedded).
  embedded: async (dir) => {
    const openEmbedded = (client as Record<string, unknown>).openEmbedded as
      ((dataDir: string) => Promise<DatabaseHandle>) | undefined;
    if (!openEmbedded) throw new Error('este servidor não tem o PostgreSQL embutido');
    return { handle: await openEmbedded(dir) };
  },
  postgres: async () => openBenchDatabase('ponte-bench-cpu', url),
};

const row = (i: number) => ({
  workspace_id: 'ws-bench',
  flow_id: `flow-${i % 20}`,
  execution_id: `exec-${Math.floor(i / 10)}`,
  node_uid: `n${i % 5}`,
  type: 'user',
  label: 'Etapa',
  message: `Pedido ${i} processado para o cliente ${i % 997} com total de R$ ${i % 5000}`,
  created_at: new Date().toISOString(),
});

/** The log writer's batch insert (apps/server/src/modules/logs/log-writer.ts). */
async function insertLogs(db: Database, rows: ReturnType<typeof row>[]) {
  await db.execute(sql`
    insert into logs (workspace_id, flow_id, execution_id, node_uid, type, label, message, created_at)
    select workspace_id, flow_id, execution_id, node_uid, type, label, message, created_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(
      workspace_id text, flow_id text, execution_id text, node_uid text, type text,
      label text, message text, created_at timestamptz)`);
}

/** CPU time of this process's main thread (its thread id is the process id), in ms. */
const mainThreadCpuMs = () =>
  Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** Per unit of `times` runs of `work`: the event loop's busy µs, the main thread's CPU µs, wall µs. */
async function measure(times: number, units: number, work: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(200, times); i++) await work(i); // warm-up
  const started = performance.now();
  const cpuBefore = mainThreadCpuMs();
  const before = performance.eventLoopUtilization();
  for (let i = 0; i < times; i++) await work(i);
  const { active } = performance.eventLoopUtilization(before);
  const cpu = mainThreadCpuMs() - cpuBefore;
  const wall = performance.now() - started;
  const per = (ms: number) => Number(((ms * 1000) / (times * units)).toFixed(1));
  return { busyUs: per(active), cpuUs: per(cpu), wallUs: per(wall) };
}

const dir = mkdtempSync(join(tmpdir(), 'ponte-bench-cpu-'));
chmodSync(dir, 0o755); // as root, the embedded PostgreSQL's user must enter it
const { handle, cleanup } = await openers[option]!(dir);
try {
  const { db } = handle;
  const select = await measure(statements, 1, () => db.execute(sql`select 1`));
  const insert = await measure(statements, 1, (i) =>
    db.insert(logs).values({
      workspaceId: 'ws-bench',
      flowId: `flow-${i % 20}`,
      executionId: `exec-${i}`,
      nodeUid: 'n1',
      type: 'user',
      label: 'Etapa',
      message: `Pedido ${i} processado`,
      createdAt: new Date(),
    }),
  );
  const rows = Array.from({ length: batchRows }, (_, i) => row(i));
  const batch = await measure(batches, batchRows, () => insertLogs(db, rows));
  console.log(JSON.stringify({ option, driver: handle.driver, select, insert, batch }));
} finally {
  await handle.close();
  await cleanup?.();
  rmSync(dir, { recursive: true, force: true });
}
