// What one execution writes (docs/adr/0060, 0129): the flow webhook → code → respond of
// `bench/webhook-throughput.mjs` through the execution runner, on PostgreSQL; counts the
// statements sent, the commits (a statement outside a transaction, or a transaction) and the
// rows in `executions` and `logs` per execution, for each save level, one execution at a time
// (so that no batch is shared) and 50 at once, with the row written when the execution starts
// (a caller that does not wait) and written once with its end (a webhook waiting for its answer).
// Usage: node bench/run-ts.mjs bench/execution-writes.ts [executions] [postgres-url]
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createEngine } from '@ponte/engine/engine';
import type { ExecutionSaveLevel } from '@ponte/shared/flows.schema';
import { openBenchDatabase } from './support/bench-database.ts';
import { createEnginePorts } from '../apps/server/src/adapters/engine-ports.ts';
import { createNetworkGuard } from '../apps/server/src/adapters/outbound-http/network-guard.ts';
import { createOutboundHttpClient } from '../apps/server/src/adapters/outbound-http/outbound-http-client.ts';
import { customers, flows, workspaces } from '../apps/server/src/db/schema.ts';
import {
  createExecutionRunner,
  type ExecutionRunner,
} from '../apps/server/src/modules/executions/execution-runner.ts';
import { createFlowsRepository } from '../apps/server/src/modules/flows/flows.repository.ts';
import { createLogWriter } from '../apps/server/src/modules/logs/log-writer.ts';
import { createEmbeddedExecutionQueueDriver } from '../apps/server/src/modules/executions/queue/embedded-execution-queue-driver.ts';

const count = Number(process.argv[2] ?? 50);
const serverUrl =
  process.argv[3] ??
  process.env.PONTE_TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

let statements = 0;
let commits = 0;
const inTransaction = new WeakSet<pg.Client>();
const counted: string[] = [];
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
  const head = (text ?? '').trim().slice(0, 8).toLowerCase();
  if (head.startsWith('begin')) inTransaction.add(this);
  else if (head.startsWith('commit') || head.startsWith('rollback')) {
    inTransaction.delete(this);
    commits += 1;
  } else if (!inTransaction.has(this)) commits += 1;
  counted.push((text ?? '').replace(/\s+/g, ' ').trim().slice(0, 60));
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const { handle, cleanup } = await openBenchDatabase('ponte-execution-writes', serverUrl);
const db = handle.db;
const workspaceId = randomUUID();
const customerId = randomUUID();
await db.insert(customers).values({ id: customerId, name: 'Bench' });
await db.insert(workspaces).values({ id: workspaceId, customerId, name: 'Bench' });
const code = 'return { payload: { total: msg.payload.itens.reduce((s, i) => s + i.preco, 0) } };';
const steps = [
  {
    type: 'core_webhook_trigger',
    params: { method: 'POST', path: 'pedidos/novo', response: 'respond_node' },
  },
  { type: 'core_code', params: { code } },
  { type: 'core_respond_webhook', params: { status: 201, headers: [], body: '{{ msg.payload }}' } },
];
const nodes = steps.map((step, i) => ({ uid: `n${i}`, position: { x: i * 200, y: 0 }, ...step }));
const data = {
  version: 1,
  nodes,
  edges: nodes.slice(1).map((node, i) => ({
    id: `e${i}`,
    source: nodes[i]!.uid,
    sourceOutput: 'default',
    target: node.uid,
  })),
};

async function flowSaving(level: ExecutionSaveLevel) {
  const id = randomUUID();
  await db.insert(flows).values({
    id,
    workspaceId,
    name: `Bench ${level}`,
    enabled: true,
    triggers: [{ node_uid: 'n0', node_type: 'core_webhook_trigger' }],
    variables: [],
    data,
    config: { rate_limit: 0, save_executions: level },
    createdAt: new Date(),
    updatedAt: new Date(),
  } as typeof flows.$inferInsert);
  return id;
}

const late: { runner?: ExecutionRunner } = {};
const http = createOutboundHttpClient({ guard: createNetworkGuard() });
const engine = createEngine({
  ports: createEnginePorts(db, { runner: () => late.runner!, http, storage: undefined as never }),
});
const logs = createLogWriter(db);
const runner = createExecutionRunner({
  db,
  queue: createEmbeddedExecutionQueueDriver(db),
  flows: createFlowsRepository(db),
  engine,
  logs,
  now: () => new Date(),
  concurrency: 50,
});
late.runner = runner;
await runner.start();

const rowsIn = async (table: 'executions' | 'logs') =>
  Number(
    (
      (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

/** `n` executions, `atOnce` at a time; `writeOnce`: the caller waits for the end (ADR 0129). */
async function runAll(flowId: string, n: number, atOnce: number, writeOnce: boolean) {
  for (let i = 0; i < n; i += atOnce) {
    // Enqueued together, as requests arriving at once: their writes may share statements.
    const enqueued = await Promise.all(
      Array.from({ length: atOnce }, () =>
        runner.enqueue({
          workspaceId,
          flowId,
          triggerNodeUid: 'n0',
          msg: { payload: { itens: [{ preco: 10 }, { preco: 5 }] } },
          respond: () => undefined,
          ...(writeOnce ? { writeOnce: true } : {}),
        }),
      ),
    );
    const ends = enqueued.map(({ done }) => done);
    await Promise.all(ends);
    // Each round's lines go in their own batch: nothing is shared with the next one.
    await logs.flush();
  }
}

const out: Record<string, string | number>[] = [];
const cases = [
  ...(['all', 'errors', 'none'] as const).map((level) => ({ level, atOnce: 1 })),
  { level: 'all' as const, atOnce: 50 },
];
for (const { level, atOnce } of cases) {
  const flowId = await flowSaving(level);
  await runAll(flowId, 3, 1, false); // warm: flow cache, isolate
  for (const writeOnce of [false, true]) {
    const [executionsBefore, logsBefore] = [await rowsIn('executions'), await rowsIn('logs')];
    statements = 0;
    commits = 0;
    counted.length = 0;
    const n = Math.max(count, atOnce);
    await runAll(flowId, n, atOnce, writeOnce);
    const kinds = new Map<string, number>();
    for (const text of counted) kinds.set(text, (kinds.get(text) ?? 0) + 1);
    out.push({
      nível: level,
      'ao mesmo tempo': atOnce,
      linha: writeOnce ? 'uma vez, com o fim' : 'no início e no fim',
      'comandos por execução': (statements / n).toFixed(2),
      'commits por execução': (commits / n).toFixed(2),
      'linhas em executions': ((await rowsIn('executions')) - executionsBefore) / n,
      'linhas em logs': ((await rowsIn('logs')) - logsBefore) / n,
    });
    console.log(
      level,
      atOnce,
      writeOnce,
      Object.fromEntries([...kinds].map(([k, v]) => [k, v / n])),
    );
  }
}
console.log(`${count} execuções de webhook → código → resposta (${handle.driver}):`);
console.table(out);
await runner.close();
engine.dispose();
await http.close();
await handle.close();
await cleanup();
