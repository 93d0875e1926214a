#!/usr/bin/env node
// The webhook flows under load on loopback, side by side in one run with the same work in plain
// Fastify handlers (the ceiling) and in Node-RED, which the script installs from npm into a
// cache folder: webhook → code → respond (Node-RED: http in → function → http response) and
// webhook → set → respond (http in → change → http response), at 10 and 50 connections.
// Ponte runs as users run it: built, the default embedded database, the Node flags of
// `npm start`, every execution and its logs persisted; then again with
// PONTE_EXECUTION_SAVE=none ('nothing but the execution row'). Prints requests/s, p99 and CPU
// of each, the ratios against Node-RED, and the memory (PSS of the whole process tree) of Ponte
// and Node-RED after 10 s idle and after the loads.
// Usage: npm run build && node bench/webhook-throughput.mjs [seconds=15] [connections=10,50]
//        [--profile] (where Ponte's CPU time goes) [--ponte-only] (skip Fastify and Node-RED)
//        [--alert-rules=N [--rounds=3]] (Ponte alone, one process: rounds of the load without
//        alert rules and with N enabled match_log rules, alternating; medians and ratios)
//        [--execution-data [--rounds=3]] (Ponte alone: rounds of the code flow's load with each
//        node's data captured, the default, and with PONTE_EXECUTION_DATA=off, alternating, a
//        fresh process per load; medians and the ratio on / off) [--previous=<checkout>] (the
//        server of another checkout, built: loaded beside this one in the same run, or, with
//        --execution-data, a third case in the same rounds)
import { join } from 'node:path';
import { createAlertRules, deleteAlertRules, firingsOf } from './support/alert-rules-load.mjs';
import { compareExecutionData, median } from './support/execution-data-load.mjs';
import { startNodeRed } from './support/node-red.mjs';
import { freePort, pssTreeMb, rssMb, sleep, startProcess } from './support/processes.mjs';
import { executions, flows, load, startPonte, totalOf } from './support/webhook-load.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const seconds = Number(args[0] ?? 15);
const connectionCounts = (args[1] ?? '10,50').split(',').map(Number);
const profile = process.argv.includes('--profile');
const option = (name) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const alertRules = Number(option('alert-rules') ?? 0);
const rounds = Number(option('rounds') ?? 3);
const loadOptions = { seconds, connections: connectionCounts[0], expected: flows.code.expected };
const flowNames = { code: 'webhook → code → respond', set: 'webhook → set → respond' };

/** Every flow (of `kinds`) at every connection count, one load after the other. */
async function loads(name, target, kinds = Object.keys(flows)) {
  const rows = [];
  for (const kind of kinds) {
    for (const connections of connectionCounts) {
      const row = await load(name, target.urlOf(kind), target.pid, {
        seconds,
        connections,
        expected: flows[kind].expected,
      });
      rows.push({ fluxo: kind, ...row });
    }
  }
  return rows;
}

async function plainFastify() {
  const port = await freePort();
  const server = await startProcess(
    'Fastify',
    [join(root, 'bench/support/plain-fastify.mjs')],
    { PORT: String(port) },
    `http://127.0.0.1:${port}/`,
  );
  try {
    const urlOf = (kind) => `http://127.0.0.1:${port}/${flows[kind].path}`;
    return await loads('Fastify puro (teto)', { urlOf, pid: server.child.pid });
  } finally {
    await server.stop();
  }
}

/** Memory of the whole process tree: PSS after 10 s idle and after the loads; RSS of the root. */
async function measured(name, target, run) {
  await sleep(10_000);
  const idle = { pss: pssTreeMb(target.pid), rss: rssMb(target.pid) };
  const rows = await run();
  await sleep(2000); // the last log batches
  return {
    rows,
    memory: {
      alvo: name,
      'PSS ociosa (MB)': Math.round(idle.pss),
      'PSS após as cargas (MB)': Math.round(pssTreeMb(target.pid)),
      'RSS ociosa (MB)': Math.round(idle.rss),
    },
  };
}

async function nodeRed() {
  const red = await startNodeRed();
  try {
    return await measured(red.name, red, () => loads(red.name, red));
  } finally {
    await red.stop();
  }
}

async function ponte(name, env = {}, kinds, script) {
  let instance;
  try {
    instance = await startPonte({ env, profile, script });
  } catch (error) {
    // A server that does not know the setting yet may refuse it: said, not hidden.
    return { refused: `${name}: o servidor não iniciou (${error.message.split('\n')[0]})` };
  }
  try {
    const result = await measured(name, instance, () => loads(name, instance, kinds));
    return {
      ...result,
      stored: await totalOf(instance, 'executions/completed'),
      logs: await totalOf(instance, 'logs'),
    };
  } finally {
    await instance.stop();
  }
}

/** One load with the rules created before it and removed after it. */
async function withRules(ponte, url, round) {
  const ids = await createAlertRules(ponte.base, ponte.token, alertRules, ponte.flowId);
  try {
    const row = await load(`${alertRules} regras (rodada ${round})`, url, ponte.pid, loadOptions);
    await sleep(2000); // the last log batches
    const { matched, states } = await firingsOf(ponte.base, ponte.token, ids.at(-1));
    return { ...row, 'casadas / execuções': `${matched} / ${executions}`, janelas: states };
  } finally {
    await deleteAlertRules(ponte.base, ponte.token, ids);
  }
}

/**
 * Ponte without alert rules and with `alertRules` of them, in one process, alternating (the
 * order flips each round so that a drift of the machine or of the growing database weighs on
 * both alike).
 */
async function compareAlertRules() {
  const ponte = await startPonte({ profile });
  const url = `${ponte.base}/engine/webhook/${ponte.flowId}/pedidos/novo`;
  const rows = { without: [], with: [] };
  try {
    await sleep(3000);
    // The first loads of a fresh process are slower (JIT, caches): one not counted.
    await load('aquecimento', url, ponte.pid, loadOptions);
    await sleep(2000);
    for (let round = 1; round <= rounds; round++) {
      for (const kind of round % 2 ? ['without', 'with'] : ['with', 'without']) {
        if (kind === 'with') rows.with.push(await withRules(ponte, url, round));
        else {
          rows.without.push(
            await load(`sem regras (rodada ${round})`, url, ponte.pid, loadOptions),
          );
          await sleep(2000); // the last log batches, before any rule is created
        }
      }
    }
  } finally {
    await ponte.stop();
  }
  const summary = (kind, name) => ({
    alvo: name,
    'req/s': median(rows[kind].map((row) => row['req/s'])),
    'p99 (ms)': median(rows[kind].map((row) => row['p99 (ms)'])),
    'CPU (%)': median(rows[kind].map((row) => row['CPU (%)'])),
    // The process's CPU time per request: what the rules add, whatever the machine lent it.
    'CPU por req (ms)': median(
      rows[kind].map((row) => (row['CPU (%)'] * 10) / row['req/s']),
    ).toFixed(2),
  });
  const without = summary('without', 'sem regras (mediana)');
  const withN = summary('with', `${alertRules} regras (mediana)`);
  console.log(
    `\n${seconds} s por carga, ${loadOptions.connections} conexões, ${rounds} rodadas de cada, um processo:`,
  );
  console.table([...rows.without, ...rows.with]);
  console.table([without, withN]);
  console.log(
    `Com ${alertRules} regras / sem regras: ${(withN['req/s'] / without['req/s']).toFixed(2)}× as req/s, p99 ${(withN['p99 (ms)'] / without['p99 (ms)']).toFixed(2)}×`,
  );
}

if (process.argv.includes('--execution-data')) {
  await compareExecutionData({
    seconds,
    connections: connectionCounts[0],
    rounds,
    profile,
    previous: option('previous'),
  });
  process.exit(0);
}
if (alertRules > 0) {
  await compareAlertRules();
  process.exit(0);
}

const ours = await ponte('Ponte');
const lean = await ponte('Ponte (PONTE_EXECUTION_SAVE=none)', { PONTE_EXECUTION_SAVE: 'none' }, [
  'code',
]);
const previousCheckout = option('previous');
const previous = previousCheckout
  ? await ponte(
      'Ponte (build anterior)',
      {},
      undefined,
      join(previousCheckout, 'apps/server/dist/main.js'),
    )
  : null;
const only = process.argv.includes('--ponte-only');
const fastifyRows = only ? [] : await plainFastify();
const red = only ? null : await nodeRed();
const ponteRows = [...ours.rows, ...(lean.rows ?? []), ...(previous?.rows ?? [])];
const rows = [...fastifyRows, ...(red?.rows ?? []), ...ponteRows];
console.log(`\n${seconds} s por carga, POST de um pedido de 3 itens:`);
console.table(rows);
console.table([red?.memory, ours.memory, lean.memory, previous?.memory].filter(Boolean));
if (lean.refused) console.log(lean.refused);
if (previous?.refused) console.log(previous.refused);
else if (lean.logs > 0) {
  console.log(
    `PONTE_EXECUTION_SAVE=none não foi aplicado por este servidor: ${lean.logs} logs gravados (esperado 0).`,
  );
}
console.log(
  `Execuções do Ponte gravadas no histórico: ${ours.stored} (a página conta até 10000); logs: ${ours.logs}`,
);
if (red) {
  const ratios = [];
  for (const row of ponteRows) {
    const same = (other) => other.fluxo === row.fluxo && other['conexões'] === row['conexões'];
    const theirs = red.rows.find(same);
    const fastify = fastifyRows.find(same);
    ratios.push({
      alvo: row.alvo,
      fluxo: flowNames[row.fluxo],
      conexões: row['conexões'],
      'req/s ÷ Node-RED': (row['req/s'] / theirs['req/s']).toFixed(2),
      'p99 ÷ Node-RED': (row['p99 (ms)'] / theirs['p99 (ms)']).toFixed(2),
      'CPU/req ÷ Node-RED': (row['CPU por req (ms)'] / theirs['CPU por req (ms)']).toFixed(2),
      'req/s ÷ Fastify': (row['req/s'] / fastify['req/s']).toFixed(2),
    });
  }
  console.table(ratios);
  console.log(
    `PSS ociosa da árvore de processos: Ponte ${ours.memory['PSS ociosa (MB)']} MB, Node-RED ${red.memory['PSS ociosa (MB)']} MB`,
  );
}
