// What the webhook benches share: the two flows (webhook → code → respond and webhook → set →
// respond), the load (autocannon) with its check of the answer, and Ponte started as a process
// with those flows created through the API.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { nodeFlags } from '../../scripts/server-flags.mjs';
import { summarise } from './cpu-profile-summary.mjs';
import { cpuSecondsTree, freePort, startProcess } from './processes.mjs';

const root = new URL('../..', import.meta.url).pathname;

export const order = { itens: [{ preco: 10.5 }, { preco: 4.5 }, { preco: 20 }] };
const code = 'return { payload: { total: msg.payload.itens.reduce((s, i) => s + i.preco, 0) } };';

/** The flows of the bench: their path, the answer expected, and Ponte's steps. */
export const flows = {
  code: {
    path: 'pedidos/novo',
    expected: JSON.stringify({ total: 35 }),
    steps: [{ type: 'core_code', params: { code } }],
  },
  set: {
    path: 'pedidos/marcar',
    expected: JSON.stringify({ ...order, status: 'recebido' }),
    steps: [
      { type: 'core_set', params: { values: [{ path: 'payload.status', value: 'recebido' }] } },
    ],
  },
};

export async function post(url, body, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** How many requests the last `load` sent in all. */
export let executions = 0;

/**
 * `seconds` of load (after 3 s of warm-up) with `connections` connections; the CPU is that of
 * the process and its descendants (the PostgreSQL server's processes, when there are).
 */
export async function load(name, url, pid, { seconds, connections, expected }) {
  const check = await post(url, order);
  if (check.status !== 201 || check.text !== expected) {
    throw new Error(`${name} respondeu ${check.status} ${check.text}, esperado 201 ${expected}`);
  }
  const options = {
    url,
    method: 'POST',
    connections,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(order),
  };
  const warmUp = await autocannon({ ...options, duration: 3 });
  const cpuBefore = cpuSecondsTree(pid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = (cpuSecondsTree(pid) - cpuBefore) / seconds;
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${name}: ${bad} respostas com erro durante a carga`);
  // Every request of the check, the warm-up and the load ran the flow once (`sent` counts the
  // ones still in flight when the time was up, which `total` leaves out).
  executions = 1 + warmUp.requests.sent + result.requests.sent;
  return {
    alvo: name,
    conexões: connections,
    'req/s': Math.round(result.requests.average),
    'p50 (ms)': result.latency.p50,
    'p99 (ms)': result.latency.p99,
    respostas: result.requests.total,
    // Above 100 % the processes used more than one core (garbage collector, threads, PostgreSQL).
    'CPU (%)': Math.round(cpu * 100),
    // CPU time of the whole process tree per answered request.
    'CPU por req (ms)': Number(((cpu * 1000) / result.requests.average).toFixed(2)),
  };
}

async function createFlow(base, token, kind) {
  const steps = [
    {
      type: 'core_webhook_trigger',
      params: { method: 'POST', path: flows[kind].path, response: 'respond_node' },
    },
    ...flows[kind].steps,
    {
      type: 'core_respond_webhook',
      params: {
        status: 201,
        headers: [{ key: 'X-Pedido', value: 'ok' }],
        body: '{{ msg.payload }}',
      },
    },
  ];
  const nodes = steps.map((step, i) => ({ uid: `n${i}`, position: { x: i * 200, y: 0 }, ...step }));
  const edges = nodes.slice(1).map((node, i) => ({
    id: `e${i}`,
    source: `n${i}`,
    sourceOutput: 'default',
    target: node.uid,
  }));
  const created = await post(
    `${base}/api/v1/flows`,
    { name: `Pedidos (${kind})`, enabled: true, data: { version: 1, nodes, edges } },
    { authorization: `Bearer ${token}` },
  );
  if (created.status !== 201) throw new Error(`O flow não foi criado: ${created.text}`);
  return JSON.parse(created.text)._id;
}

/**
 * Starts Ponte (`script`: the built dist/main.js unless told) on a fresh data dir with the
 * Node flags of `npm start`, and creates the flows. `stop()` ends it and removes the data dir.
 */
export async function startPonte({ script, env = {}, profile = false, dataDir } = {}) {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'ponte-bench-webhook-'));
  // As root, the embedded PostgreSQL runs as another user, who must be able to enter it.
  chmodSync(dir, 0o755);
  const profileDir = join(dir, 'profile');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { email: 'bench@exemplo.com.br', password: 'segredo-forte-1' };
  const server = await startProcess(
    'Ponte',
    [
      ...nodeFlags,
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      script ?? join(root, 'apps/server/dist/main.js'),
    ],
    {
      PORT: String(port),
      PONTE_DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      PONTE_ADMIN_EMAIL: admin.email,
      PONTE_ADMIN_PASSWORD: admin.password,
      // The load comes from one address at a rate far above the defaults: no rate limit.
      PONTE_WEBHOOK_RATE_LIMIT_ADDRESS: '0',
      PONTE_WEBHOOK_RATE_LIMIT_FLOW: '0',
      ...env,
    },
    `${base}/readyz`,
  );
  async function stop() {
    await server.stop();
    if (profile) {
      const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
      const { parts, functions } = summarise(join(profileDir, file));
      console.log('\nPerfil de CPU do Ponte (tempo próprio):');
      console.table(parts);
      console.table(functions);
    }
    rmSync(dir, { recursive: true, force: true });
  }
  try {
    const { token } = JSON.parse((await post(`${base}/account/v1/authenticate`, admin)).text);
    const flowIds = {};
    for (const kind of Object.keys(flows)) flowIds[kind] = await createFlow(base, token, kind);
    const urlOf = (kind) => `${base}/engine/webhook/${flowIds[kind]}/${flows[kind].path}`;
    return { base, token, flowId: flowIds.code, urlOf, pid: server.child.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The `total` of a monitoring list (executions/completed, logs): capped at 10000 by the API. */
export async function totalOf(ponte, path) {
  const response = await fetch(`${ponte.base}/api/v1/monitoring/${path}?size=1`, {
    headers: { authorization: `Bearer ${ponte.token}` },
  });
  return (await response.json()).total;
}
