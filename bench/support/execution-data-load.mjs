// `webhook-throughput.mjs --execution-data`: what capturing each node's input and output costs
// production executions (docs/adr/0089). Ponte alone, built, embedded database, one process per
// load: rounds of the webhook → code → respond load with the capture on (the default,
// PONTE_EXECUTION_DATA unset) and off (PONTE_EXECUTION_DATA=off), the order flipping each round.
// The setting is read at start, so each load gets a fresh process (and a fresh data dir).
// `previous`: a checkout of an earlier commit, built, whose server runs a third case in the
// same rounds (the build before the capture existed).
import { join } from 'node:path';
import { sleep } from './processes.mjs';
import { flows, load, startPonte } from './webhook-load.mjs';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const configurations = {
  on: { name: 'captura ligada (padrão)', env: {} },
  off: { name: 'PONTE_EXECUTION_DATA=off', env: { PONTE_EXECUTION_DATA: 'off' } },
};

async function api(ponte, path) {
  const response = await fetch(`${ponte.base}/api/v1${path}`, {
    headers: { authorization: `Bearer ${ponte.token}` },
  });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
  return response.json();
}

/** What the last execution kept: the number of nodes with data, or 'nada'. */
async function keptByLast(ponte) {
  const { items } = await api(ponte, '/monitoring/executions/completed?size=1');
  const data = await api(ponte, `/monitoring/executions/${items[0].data.execution_id}/data`);
  return data.kept ? `${data.nodes.length} conectores` : 'nada';
}

/** One fresh process of `kind`: a load not counted (JIT, caches), then the load counted. */
async function oneLoad(kind, round, options) {
  const { name, env, script } = configurations[kind];
  const ponte = await startPonte({ env, profile: options.profile, script });
  const url = ponte.urlOf('code');
  const loadOptions = {
    seconds: options.seconds,
    connections: options.connections,
    expected: flows.code.expected,
  };
  try {
    await sleep(3000);
    await load('aquecimento', url, ponte.pid, loadOptions);
    await sleep(2000);
    const row = await load(`${name} (rodada ${round})`, url, ponte.pid, loadOptions);
    await sleep(2000); // the last batches of ends and logs
    return { ...row, 'dados guardados': kind === 'previous' ? '—' : await keptByLast(ponte) };
  } finally {
    if (options.profile) console.log(`\n${name}, rodada ${round}:`);
    await ponte.stop();
  }
}

/** CPU time of the process tree per request (ms), whatever the machine lent it. */
const cpuPerRequest = (row) => (row['CPU (%)'] * 10) / row['req/s'];

/** Runs the rounds and prints each load, the medians and the ratios on / off (and / previous). */
export async function compareExecutionData({ seconds, connections, rounds, profile, previous }) {
  if (previous) {
    configurations.previous = {
      name: 'build anterior',
      env: {},
      script: join(previous, 'apps/server/dist/main.js'),
    };
  }
  const kinds = previous ? ['on', 'off', 'previous'] : ['on', 'off'];
  const rows = Object.fromEntries(kinds.map((kind) => [kind, []]));
  for (let round = 1; round <= rounds; round++) {
    // Each case takes each place in the order in turn.
    const shift = (round - 1) % kinds.length;
    for (const kind of [...kinds.slice(shift), ...kinds.slice(0, shift)]) {
      rows[kind].push(await oneLoad(kind, round, { seconds, connections, profile }));
    }
  }
  const summary = (kind) => ({
    alvo: `${configurations[kind].name} (mediana)`,
    'req/s': median(rows[kind].map((row) => row['req/s'])),
    'p50 (ms)': median(rows[kind].map((row) => row['p50 (ms)'])),
    'p99 (ms)': median(rows[kind].map((row) => row['p99 (ms)'])),
    'CPU (%)': median(rows[kind].map((row) => row['CPU (%)'])),
    'CPU por req (ms)': Number(median(rows[kind].map(cpuPerRequest)).toFixed(2)),
  });
  const summaries = Object.fromEntries(kinds.map((kind) => [kind, summary(kind)]));
  console.log(
    `\n${seconds} s por carga, ${connections} conexões, ${rounds} rodadas de cada, um processo novo por carga:`,
  );
  console.table(kinds.flatMap((kind) => rows[kind]));
  console.table(kinds.map((kind) => summaries[kind]));
  const compare = (a, b, label) => {
    const ratio = (field) => (summaries[a][field] / summaries[b][field]).toFixed(2);
    console.log(
      `${label}: ${ratio('req/s')}× as req/s, p50 ${ratio('p50 (ms)')}×, p99 ${ratio('p99 (ms)')}×, CPU por req ${ratio('CPU por req (ms)')}×`,
    );
    const perRound = rows[a].map((row, i) => (row['req/s'] / rows[b][i]['req/s']).toFixed(2));
    console.log(`  req/s em cada rodada: ${perRound.join(', ')}`);
  };
  compare('on', 'off', 'Captura ligada / desligada');
  if (previous) {
    compare('on', 'previous', 'Captura ligada / build anterior');
    compare('off', 'previous', 'Captura desligada / build anterior');
  }
}
