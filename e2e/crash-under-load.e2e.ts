import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, apiClient, createFlow, type Call } from './support/api';
import {
  databasePid,
  isAlive,
  startRefused,
  startServer,
  type RunningServer,
} from './support/server';
import { admin } from './support/session';
import { until } from './support/until';

/** Two slots: with slow flows, some executions run and the rest wait in the queue. */
const env = { ...admin, PONTE_EXECUTION_CONCURRENCY: '2' };

const servers: RunningServer[] = [];
const dataDirs: string[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ponte-crash-load-'));
  dataDirs.push(dir);
  return dir;
}

async function start(dataDir: string): Promise<{ server: RunningServer; call: Call }> {
  const server = await startServer(env, { dataDir });
  servers.push(server);
  return { server, call: apiClient(server, await adminToken(server)) };
}

/** Webhook (answered at once with the execution id) → wait `seconds` → a user log line. */
function slowWebhookFlow(call: Call, name: string, seconds: number) {
  return createFlow(call, name, [
    {
      type: 'core_webhook_trigger',
      params: { method: 'POST', path: 'carga', response: 'immediate' },
    },
    { type: 'core_delay', params: { amount: seconds, unit: 's' } },
    { type: 'core_log', params: { label: name, message: 'terminou' } },
  ]);
}

async function callWebhook(server: RunningServer, flowId: string, n: number): Promise<string> {
  const reply = await fetch(`${server.url}/engine/webhook/${flowId}/carga`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ n }),
  });
  expect(reply.status).toBe(202);
  return ((await reply.json()) as { execution_id: string }).execution_id;
}

/** Status of every ended execution ('success', 'error', 'crashed'…), by id. */
async function endedStatuses(call: Call): Promise<Map<string, string>> {
  const statuses = new Map<string, string>();
  for (let page = 1; ; page += 1) {
    const reply = await call(
      'GET',
      `/api/v1/monitoring/executions/completed?page=${page}&size=100`,
    );
    const items = reply.body.items as { data: { execution_id: string; status: string } }[];
    for (const { data } of items) statuses.set(data.execution_id, data.status);
    if (items.length < 100) return statuses;
  }
}

async function runningIds(call: Call): Promise<string[]> {
  const reply = await call('GET', '/api/v1/monitoring/executions/running');
  return (reply.body as { execution_id: string }[]).map((row) => row.execution_id);
}

/** Waits until every id has ended, then gives their statuses. */
async function untilEnded(call: Call, ids: string[], what: string, timeoutMs = 60_000) {
  return until(
    async () => {
      const statuses = await endedStatuses(call);
      return ids.every((id) => statuses.has(id)) ? statuses : false;
    },
    what,
    timeoutMs,
  );
}

interface Job {
  _id: string;
  state: string;
  attempts: number;
  execution_id: string | null;
}

async function jobs(call: Call, queueId: string, states: string): Promise<Job[]> {
  const reply = await call('GET', `/api/v1/queues/jobs/${queueId}?statusList=${states}&limit=100`);
  expect(reply.status).toBe(200);
  return reply.body.items as Job[];
}

describe('Queda do Ponte e do banco embutido sob carga', () => {
  it(
    'kill -9 do Ponte com execuções rodando, outras na fila e mensagens publicadas: nada se perde, nada fica em execução',
    { timeout: 240_000 },
    async () => {
      const dataDir = newDataDir();
      const first = await start(dataDir);
      const flowId = await slowWebhookFlow(first.call, 'Pedido lento', 10);
      const queue = await first.call('POST', '/api/v1/queues', {
        name: 'Pedidos',
        max_per_second: 20,
      });
      expect(queue.status).toBe(201);
      const queueId = queue.body._id as string;
      await createFlow(first.call, 'Consumidor de pedidos', [
        { type: 'core_queue_trigger', params: { queue: queueId } },
        { type: 'core_delay', params: { amount: 1, unit: 's' } },
      ]);

      const accepted: string[] = [];
      for (let n = 0; n < 6; n += 1) accepted.push(await callWebhook(first.server, flowId, n));
      const published: string[] = [];
      for (let n = 0; n < 4; n += 1) {
        const added = await first.call('POST', `/api/v1/queues/jobs/new/${queueId}`, {
          message: { pedido: n },
        });
        expect(added.status).toBe(201);
        published.push(added.body._id as string);
      }
      // Two executions hold both slots for 10 s; the other four and the messages' wait.
      const runningAtKill = await until(async () => {
        const running = await runningIds(first.call);
        return running.length === 2 ? running : false;
      }, 'duas execuções rodando');
      const activeAtKill = await until(async () => {
        const active = await jobs(first.call, queueId, 'active');
        return active.length === published.length ? active.map((job) => job._id) : false;
      }, 'as mensagens serem pegas pelo consumidor');
      const orphan = databasePid(dataDir);
      expect(orphan).not.toBeNull();

      await first.server.kill();
      // Nothing told the embedded PostgreSQL: it outlives the killed Ponte.
      expect(isAlive(orphan!)).toBe(true);

      const second = await start(dataDir);
      expect(isAlive(orphan!)).toBe(false);
      expect(databasePid(dataDir)).not.toBe(orphan);
      expect(second.server.output()).toContain(
        'parado o PostgreSQL embutido deixado por um Ponte encerrado à força',
      );

      const statuses = await untilEnded(second.call, accepted, 'as execuções aceitas terminarem');
      for (const id of accepted) {
        expect(statuses.get(id), id).toBe(runningAtKill.includes(id) ? 'crashed' : 'success');
      }
      // At least once: a message taken by the killed process runs again when its lease ends.
      const completed = await until(
        async () => {
          const done = await jobs(second.call, queueId, 'completed');
          return done.length === published.length ? done : false;
        },
        'as mensagens serem consumidas',
        90_000,
      );
      expect(completed.map((job) => job._id).sort()).toEqual([...published].sort());
      for (const job of completed) {
        expect(job.attempts, job._id).toBe(activeAtKill.includes(job._id) ? 2 : 1);
      }
      const messageRuns = await untilEnded(
        second.call,
        completed.map((job) => job.execution_id!),
        'as execuções das mensagens terminarem',
      );
      for (const job of completed) expect(messageRuns.get(job.execution_id!)).toBe('success');
      expect(await jobs(second.call, queueId, 'paused,waiting,delayed,active,failed')).toEqual([]);
      expect(await runningIds(second.call)).toEqual([]);
    },
  );

  it(
    'kill -9 do Ponte no meio de webhooks que respondem com o resultado: toda resposta dada tem sua execução e suas linhas guardadas',
    { timeout: 180_000 },
    async () => {
      const dataDir = newDataDir();
      const first = await start(dataDir);
      // Quick executions answered with their result: each row is written once, with its end.
      const flowId = await createFlow(first.call, 'Pedido rápido', [
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path: 'rapido', response: 'last_node' },
        },
        {
          type: 'core_log',
          params: { label: 'Pedido rápido', message: 'rapido-{{ msg.payload.n }}' },
        },
      ]);
      const answered = new Set<number>();
      let next = 0;
      let killed = false;
      const caller = async () => {
        while (!killed) {
          const n = next++;
          const reply = await fetch(`${first.server.url}/engine/webhook/${flowId}/rapido`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ n }),
          }).catch(() => null);
          if (reply?.status === 200 && ((await reply.json()) as { n: number }).n === n)
            answered.add(n);
        }
      };
      const callers = Array.from({ length: 8 }, () => caller());
      await until(async () => answered.size >= 200, 'duzentas respostas');
      killed = true;
      await first.server.kill();
      await Promise.all(callers);

      const second = await start(dataDir);
      const filters = encodeURIComponent(
        JSON.stringify({ type: 'user', date_alias: '1h', search: 'rapido-' }),
      );
      const logged = new Set<number>();
      for (let page = 1; ; page += 1) {
        const logs = await second.call(
          'GET',
          `/api/v1/monitoring/logs?size=100&page=${page}&filters=${filters}`,
        );
        const items = logs.body.items as { data: { message: string } }[];
        for (const item of items) logged.add(Number(item.data.message.slice('rapido-'.length)));
        if (items.length < 100) break;
      }
      // Every answer given was stored before it was sent: its line (in its row's statement).
      expect([...answered].filter((n) => !logged.has(n))).toEqual([]);
      const statuses = await endedStatuses(second.call);
      const succeeded = [...statuses.values()].filter((status) => status === 'success').length;
      expect(succeeded).toBeGreaterThanOrEqual(answered.size);
      expect(await runningIds(second.call)).toEqual([]);
    },
  );

  it(
    'kill -9 do PostgreSQL embutido durante execuções: o Ponte registra a queda e a volta, continua atendendo e nada se perde',
    { timeout: 180_000 },
    async () => {
      const dataDir = newDataDir();
      const { server, call } = await start(dataDir);
      const flowId = await slowWebhookFlow(call, 'Pedido durante a queda', 3);
      const accepted: string[] = [];
      for (let n = 0; n < 4; n += 1) accepted.push(await callWebhook(server, flowId, n));
      await until(
        async () => ((await runningIds(call)).length === 2 ? true : false),
        'duas execuções rodando',
      );
      const postmaster = databasePid(dataDir);
      expect(postmaster).not.toBeNull();

      process.kill(postmaster!, 'SIGKILL');

      await until(
        async () => server.output().includes('PostgreSQL embutido iniciado de novo'),
        'o PostgreSQL embutido voltar',
        60_000,
      );
      expect(server.output()).toContain('o PostgreSQL embutido parou sozinho; iniciando de novo');
      const restarted = databasePid(dataDir);
      expect(restarted).not.toBe(postmaster);
      expect(isAlive(restarted!)).toBe(true);

      // The same process keeps serving: a new webhook call is accepted and runs.
      accepted.push(await callWebhook(server, flowId, 4));
      const statuses = await untilEnded(call, accepted, 'as execuções aceitas terminarem');
      for (const id of accepted) expect(statuses.get(id), id).toBe('success');
      expect(await runningIds(call)).toEqual([]);
      const filters = encodeURIComponent(
        JSON.stringify({ type: 'user', date_alias: '1h', search: 'terminou' }),
      );
      // Log lines are written in batches, a moment after the execution's end.
      const logged = async () => {
        const logs = await call('GET', `/api/v1/monitoring/logs?size=100&filters=${filters}`);
        return (logs.body.items as { data: { execution_id: string } }[])
          .map((item) => item.data.execution_id)
          .sort();
      };
      await until(
        async () => (await logged()).length >= accepted.length,
        'as linhas de log das execuções',
      ).catch(() => undefined);
      expect(await logged()).toEqual([...accepted].sort());
    },
  );

  it(
    'um segundo Ponte na mesma pasta de dados recusa iniciar, e o primeiro continua funcionando',
    { timeout: 120_000 },
    async () => {
      const dataDir = newDataDir();
      const { server, call } = await start(dataDir);
      const postmaster = databasePid(dataDir);

      const refused = await startRefused(dataDir, env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(
        'já está em uso por outro processo do Ponte. Encerre o outro processo ou use outro PONTE_DATA_DIR.',
      );

      expect(databasePid(dataDir)).toBe(postmaster);
      expect(isAlive(postmaster!)).toBe(true);
      expect(server.output()).not.toContain('PostgreSQL embutido parou');
      const flowId = await slowWebhookFlow(call, 'Depois da recusa', 0);
      const id = await callWebhook(server, flowId, 1);
      const statuses = await untilEnded(call, [id], 'a execução terminar');
      expect(statuses.get(id)).toBe('success');
    },
  );
});
