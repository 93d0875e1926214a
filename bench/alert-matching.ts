// The alert rules' watch in the log writer (docs/adr/0051): lines stored per second with no
// rule, with 20 rules (text, regex, JSON field) that never match, and with the same 20 where one
// matches 1% of the lines; then the CPU cost of `match()` per 1000 lines, without the database.
// Usage: node bench/run-ts.mjs bench/alert-matching.ts [lines] [postgres-url]
// Without a URL the embedded PostgreSQL runs in a temp folder; with one (or
// PONTE_TEST_DATABASE_URL), a fresh database is created on that server too, and both are measured.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './support/bench-database.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { alertFirings, alertRules, customers, workspaces } from '../apps/server/src/db/schema.ts';
import {
  createAlertWatch,
  type AlertWatch,
} from '../apps/server/src/modules/alert-rules/alert-watch.ts';
import { createLogWriter, type LogEntry } from '../apps/server/src/modules/logs/log-writer.ts';

const total = Number(process.argv[2] ?? 20_000);
const serverUrl = process.argv[3] ?? process.env.PONTE_TEST_DATABASE_URL ?? null;
const runs = 5;

type Scenario = 'sem regras' | '20 regras, nenhum match' | '20 regras, 1% das linhas';
const scenarios: Scenario[] = ['sem regras', '20 regras, nenhum match', '20 regras, 1% das linhas'];

/** 20 rules that never match the bench's lines: plain text, regex and JSON field, mixed. */
function neverMatching(): Partial<typeof alertRules.$inferInsert>[] {
  const rules: Partial<typeof alertRules.$inferInsert>[] = [];
  for (let i = 0; i < 20; i += 1) {
    if (i % 3 === 0) rules.push({ matchLogType: 'message', matchLogContent: `falha ${i} grave` });
    else if (i % 3 === 1)
      rules.push({ matchLogType: 'message', matchLogContent: `/erro (fatal|crítico) #${i}\\d+/i` });
    else
      rules.push({
        matchLogType: 'message_json',
        matchLogJsonField: 'pedido.status',
        matchLogContent: `/^recusado-${i}$/i`,
      });
  }
  return rules;
}

async function setRules(db: Database, workspaceId: string, scenario: Scenario) {
  await db.execute(sql`delete from alert_rules where workspace_id = ${workspaceId}`);
  if (scenario === 'sem regras') return;
  const rules = neverMatching();
  if (scenario === '20 regras, 1% das linhas')
    rules[0] = { matchLogType: 'message', matchLogContent: '/time(out)?/i' };
  await db.insert(alertRules).values(
    rules.map((rule) => ({
      id: randomUUID(),
      workspaceId,
      name: 'Regra de bench',
      type: 'match_log' as const,
      action: 'webhook' as const,
      actionWebhookMethod: 'post' as const,
      actionWebhookUrl: 'http://127.0.0.1:9/x',
      matchLogType: 'message' as const,
      timewindowSeconds: 300,
      ...rule,
    })),
  );
}

/** Lines as flows write them: text, and every third a JSON object; 1 in 100 says TIMEOUT. */
function lineOf(workspaceId: string, i: number, at: Date): LogEntry {
  const timeout = i % 100 === 7;
  const message =
    i % 3 === 0 && !timeout
      ? { pedido: { id: i, status: 'aprovado', itens: [{ sku: `A-${i % 97}`, qtd: 2 }] } }
      : `Pedido ${i} processado para o cliente ${i % 997} com total de R$ ${i % 5000}${timeout ? ' após TIMEOUT na API' : ''}`;
  return {
    workspaceId,
    flowId: `flow-${i % 20}`,
    executionId: `exec-${Math.floor(i / 10)}`,
    nodeUid: `n${i % 5}`,
    type: i % 11 === 0 && !timeout ? 'debug' : 'user',
    label: `Etapa ${i % 13}`,
    message,
    createdAt: at,
  };
}

async function writeLines(db: Database, watch: AlertWatch, workspaceId: string) {
  const writer = createLogWriter(db, { watch, onError: (error) => console.error(error) });
  const at = new Date();
  const started = performance.now();
  for (let i = 0; i < total; i += 1) writer.write(lineOf(workspaceId, i, at));
  await writer.close();
  return total / ((performance.now() - started) / 1000);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measureDriver(url: string | null) {
  const { handle, cleanup } = await openBenchDatabase('ponte-alert-bench', url);
  const db = handle.db;
  await db.insert(customers).values({ id: 'c-bench', name: 'Bench' });
  const workspaceId = 'ws-bench';
  await db.insert(workspaces).values({ id: workspaceId, customerId: 'c-bench', name: 'Bench' });
  const watch = createAlertWatch(db, { onError: (error) => console.error(error) });
  const perSecond = new Map<Scenario, number[]>(scenarios.map((name) => [name, []]));
  // Scenarios interleaved, so that a slower moment of the machine does not fall on one only.
  for (let run = 0; run < runs; run += 1) {
    for (const scenario of scenarios) {
      await setRules(db, workspaceId, scenario);
      await watch.refresh();
      await db.execute(sql`truncate logs`);
      await db.execute(sql`delete from alert_firings`);
      perSecond.get(scenario)!.push(await writeLines(db, watch, workspaceId));
    }
  }
  const base = median(perSecond.get('sem regras')!);
  const rows = scenarios.map((scenario) => ({
    caso: scenario,
    'linhas/s (mediana)': Math.round(median(perSecond.get(scenario)!)),
    'relação a sem regras': (median(perSecond.get(scenario)!) / base).toFixed(2),
  }));
  const [firing] = await db
    .select({
      count: alertFirings.count,
      lines: sql<number>`jsonb_array_length(${alertFirings.lines})`,
    })
    .from(alertFirings);
  console.log(`${total} linhas por rodada, ${runs} rodadas (${handle.driver}):`);
  console.table(rows);
  console.log(
    `janela aberta no último caso: ${firing?.count ?? 0} ocorrências, ${firing?.lines ?? 0} linhas guardadas`,
  );
  await handle.close();
  await cleanup();
}

/** `match()` alone, per 1000 lines (the rows already as the writer builds them). */
async function measureMatch() {
  const { handle, cleanup } = await openBenchDatabase('ponte-alert-match', null);
  const db = handle.db;
  await db.insert(customers).values({ id: 'c-bench', name: 'Bench' });
  await db.insert(workspaces).values({ id: 'ws-bench', customerId: 'c-bench', name: 'Bench' });
  const watch = createAlertWatch(db, { onError: (error) => console.error(error) });
  const at = new Date();
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const entry = lineOf('ws-bench', i, at);
    return {
      workspace_id: entry.workspaceId,
      flow_id: entry.flowId,
      execution_id: entry.executionId,
      node_uid: entry.nodeUid ?? null,
      type: entry.type,
      label: entry.label,
      message: typeof entry.message === 'string' ? entry.message : JSON.stringify(entry.message),
      created_at: at.toISOString(),
    };
  });
  const otherWorkspace = rows.map((row) => ({ ...row, workspace_id: 'ws-sem-regras' }));
  const table: Record<string, string>[] = [];
  const time = (name: string, input: typeof rows) => {
    // The machine is shared: the fastest of 9 rounds of 50 is the cost of the work itself.
    for (let i = 0; i < 30; i += 1) watch.match(input);
    const rounds: number[] = [];
    for (let round = 0; round < 9; round += 1) {
      const started = performance.now();
      for (let i = 0; i < 50; i += 1) watch.match(input);
      rounds.push((performance.now() - started) / 50);
    }
    table.push({
      caso: name,
      'µs por 1000 linhas (melhor)': (Math.min(...rounds) * 1000).toFixed(0),
      'µs por 1000 linhas (mediana)': (median(rounds) * 1000).toFixed(0),
    });
  };
  for (const scenario of scenarios) {
    await setRules(db, 'ws-bench', scenario);
    await watch.refresh();
    time(scenario, rows);
    if (scenario !== 'sem regras') time(`${scenario}, linhas de outro workspace`, otherWorkspace);
  }
  console.log('match() sem o banco:');
  console.table(table);
  await handle.close();
  await cleanup();
}

await measureMatch();
await measureDriver(null);
if (serverUrl) await measureDriver(serverUrl);
