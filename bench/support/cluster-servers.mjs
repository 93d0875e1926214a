// What the scale-out bench needs to run Ponte as several processes: a database of its own on
// the local PostgreSQL, a Redis key prefix of its own (both removed after), and processes of
// the built server started with a role and the cluster's environment.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { nodeFlags } from '../../scripts/server-flags.mjs';
import { builtServer } from './bench-servers.mjs';
import { freePort, startProcess } from './processes.mjs';

export const benchAdmin = { email: 'bench@exemplo.com.br', password: 'segredo-forte-1' };

function urlWithDatabase(base, name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(databaseUrl, statement) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function deleteKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * A Ponte of several processes on `databaseUrl`'s server (a database created for it) and
 * `redisUrl` (a prefix of its own). `start(role, env)` spawns one process and waits until it
 * answers `/healthz`; `close()` ends every process, drops the database and deletes the keys.
 */
export async function createBenchCluster({ databaseUrl, redisUrl, label }) {
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `ponte_bench_${label}_${suffix}`;
  const prefix = `ponte-bench-${label}-${suffix}`;
  await onServer(databaseUrl, `create database "${databaseName}"`);
  const env = {
    DATABASE_URL: urlWithDatabase(databaseUrl, databaseName),
    REDIS_URL: redisUrl,
    PONTE_REDIS_PREFIX: prefix,
    PONTE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // The load comes from one address at a rate far above the defaults: no rate limit.
    PONTE_WEBHOOK_RATE_LIMIT_ADDRESS: '0',
    PONTE_WEBHOOK_RATE_LIMIT_FLOW: '0',
  };
  const started = [];
  const dataDirs = [];
  const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });

  async function start(role, extra = {}) {
    const dataDir = mkdtempSync(join(tmpdir(), 'ponte-bench-cluster-'));
    chmodSync(dataDir, 0o755);
    dataDirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startProcess(
      `Ponte (${role})`,
      [...nodeFlags, builtServer],
      {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PONTE_DATA_DIR: dataDir,
        PONTE_ROLE: role,
        ...extra,
      },
      `${base}/healthz`,
    );
    started.push(server);
    return { base, pid: server.child.pid, stop: server.stop, output: server.output };
  }

  async function close() {
    for (const server of started) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        await server.stop();
      }
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await db.end();
    await onServer(databaseUrl, `drop database if exists "${databaseName}" with (force)`);
    await deleteKeys(redisUrl, prefix);
  }

  return { env, db, start, close };
}

/** The owner's token through the login API. */
export async function tokenOf(base) {
  const response = await fetch(`${base}/account/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchAdmin),
  });
  const { token } = await response.json();
  return token;
}

/** Creates an enabled flow of steps chained by their 'default' outputs; gives its id. */
export async function createChainFlow(base, token, name, steps) {
  const nodes = steps.map((step, i) => ({ uid: `n${i}`, position: { x: i * 200, y: 0 }, ...step }));
  const edges = nodes.slice(1).map((node, i) => ({
    id: `e${i}`,
    source: `n${i}`,
    sourceOutput: 'default',
    target: node.uid,
  }));
  const response = await fetch(`${base}/api/v1/flows`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, enabled: true, data: { version: 1, nodes, edges } }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`O flow ${name} não foi criado: ${text}`);
  return JSON.parse(text)._id;
}
