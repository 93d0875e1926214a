import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { liveRooms } from '@ponte/shared/live.schema';
import { flows, scheduleTicks } from '../db/schema';
import { createManualClock } from '../modules/triggers/timer-clock';
import { chain, createFlow, executionsOf } from '../test/flow-fixtures';
import { connectLive, joinLive, listenOnFreePort } from '../test/live-client';
import { requester, useTestApp, type TestAccount, type TestContext } from '../test/test-app';
import {
  createSharedTestDatabase,
  postgresTestUrl,
  type SharedTestDatabase,
} from '../test/test-database';
import { until } from '../test/until';
import { createRedisBus } from './redis-bus';
import type { ClusterOptions } from './cluster';

const redisUrl = process.env.PONTE_TEST_REDIS_URL?.trim() || null;
const ready = Boolean(postgresTestUrl && redisUrl);
if (!ready) {
  console.warn(
    'Estado compartilhado entre processos: PONTE_TEST_DATABASE_URL ou PONTE_TEST_REDIS_URL ausente, testes ignorados.',
  );
}

describe.skipIf(!ready)('shared state between two processes (PostgreSQL and Redis)', () => {
  // Each run has its own bus prefix; its keys (if any) are deleted at the end.
  const prefix = `ponte-teste-${randomUUID()}`;
  let shared: Promise<SharedTestDatabase> | null = null;
  const database = () => (shared ??= createSharedTestDatabase('postgres'));
  // Registered first, so it runs after both apps closed their connections.
  afterAll(async () => {
    await (await shared)?.dispose();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  // Both processes run everything, each with its own pool, Redis connections and timers on one
  // clock; they share only the database and Redis.
  const clock = createManualClock(Date.parse('2026-11-23T12:00:00.000Z'));
  const busOfB = ready ? createRedisBus({ url: redisUrl!, prefix }) : null;
  const options = (bus = createRedisBus({ url: redisUrl!, prefix })) => ({
    openDatabase: async () => (await database()).open(),
    triggerClock: clock,
    cluster: { role: 'all', bus, leaseMs: 30_000, redis: null } satisfies ClusterOptions,
  });
  const a = useTestApp('postgres', ready ? options() : {});
  const b = useTestApp('postgres', ready ? options(busOfB!) : {});

  const webhook = (t: TestContext, flowId: string, path: string, body: object = {}) =>
    t.app.inject({ method: 'POST', url: `/engine/webhook/${flowId}/${path}`, payload: body });

  /** A webhook flow that answers with the workspace variable REGIAO. */
  const regionFlow = (account: TestAccount) =>
    createFlow(
      a,
      account,
      chain(
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path: 'regiao', response: 'respond_node' },
        },
        { type: 'core_respond_webhook', params: { status: 200, body: '{{ vars.REGIAO }}' } },
      ),
    );

  it('a webhook saved through one process answers through the other; disabled, 404 there', async () => {
    const account = await a.createAccount();
    const flowId = await createFlow(
      a,
      account,
      chain(
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path: 'pedidos', response: 'immediate' },
        },
        { type: 'core_log', params: { label: 'Pedido', message: 'recebido' } },
      ),
    );
    const accepted = await until(
      async () => (await webhook(b, flowId, 'pedidos')).statusCode === 202,
      'o webhook responder pelo segundo processo',
    );
    expect(accepted).toBe(true);

    const off = await a.request(account.token).put(`/api/v1/flows/${flowId}`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    await until(
      async () => (await webhook(b, flowId, 'pedidos')).statusCode === 404,
      'o webhook desativado responder 404 pelo segundo processo',
    );
  });

  it("an engine restart through one process reloads the workspace's triggers in the other", async () => {
    const account = await a.createAccount();
    const hook = (path: string) =>
      chain({
        type: 'core_webhook_trigger',
        params: { method: 'POST', path, response: 'immediate' },
      });
    const flowId = await createFlow(a, account, hook('antes'));
    await until(
      async () => (await webhook(b, flowId, 'antes')).statusCode === 202,
      'o webhook responder pelo segundo processo',
    );
    // A change written with no message to anyone (an import, a restore from backup).
    await a.database.db
      .update(flows)
      .set({ data: hook('depois'), updatedAt: new Date(Date.now() + 1_000) })
      .where(eq(flows.id, flowId));
    expect((await webhook(b, flowId, 'depois')).statusCode).toBe(404);

    const restart = await a.request(account.token).get('/engine/stop-execution/restart');
    expect(restart.statusCode, restart.body).toBe(200);
    await until(
      async () => (await webhook(b, flowId, 'depois')).statusCode === 202,
      'o segundo processo recarregar os gatilhos do workspace',
    );
    expect((await webhook(b, flowId, 'antes')).statusCode).toBe(404);
  });

  it('a variable changed through one process is what the next execution in the other reads', async () => {
    const account = await a.createAccount();
    const api = a.request(account.token);
    const created = await api.post('/api/v1/variables', {
      name: 'Região',
      key: 'REGIAO',
      value: 'sul',
    });
    expect(created.statusCode, created.body).toBe(201);
    const flowId = await regionFlow(account);
    // The second process runs the flow once: it now holds the variables in its cache.
    const first = await until(async () => {
      const res = await webhook(b, flowId, 'regiao');
      return res.statusCode === 200 && res.body;
    }, 'a primeira execução no segundo processo');
    expect(first).toBe('sul');

    // Its notice reaches the second process; the next execution there reads the new value.
    const heard = new Promise((resolve) => busOfB!.subscribe('variables-changed', resolve));
    const id = (created.json() as { _id: string })._id;
    const changed = await api.put(`/api/v1/variables/${id}`, {
      name: 'Região',
      key: 'REGIAO',
      value: 'norte',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await heard;
    expect((await webhook(b, flowId, 'regiao')).body).toBe('norte');
  });

  it('a schedule armed in both processes fires once per tick in all', async () => {
    const account = await a.createAccount();
    const flowId = await createFlow(
      a,
      account,
      chain(
        { type: 'core_schedule_trigger', params: { cron: '* * * * * *', timezone: 'UTC' } },
        { type: 'core_log', params: { label: 'Tick', message: '{{ msg.payload.scheduled_at }}' } },
      ),
    );
    await until(() => clock.pending() === 2, 'os dois processos armarem o agendamento');
    const ticksOf = () =>
      a.database.db.select().from(scheduleTicks).where(eq(scheduleTicks.flowId, flowId));
    for (let tick = 1; tick <= 3; tick++) {
      await clock.advance(1_000);
      await until(async () => (await ticksOf()).length === tick, `o tick ${tick}`);
      await until(() => clock.pending() === 2, 'os dois processos armarem o próximo tick');
    }
    const runs = await until(async () => {
      const rows = (await executionsOf(a, flowId)).filter((row) => row.endedAt);
      return rows.length >= 3 && rows;
    }, 'as execuções dos três ticks');
    expect(runs).toHaveLength(3);
    expect(runs.map((row) => row.status)).toEqual(['success', 'success', 'success']);
    expect(await ticksOf()).toHaveLength(3);
  });

  it('a session revoked through one process ends its live socket on the other', async () => {
    const account = await a.createAccount();
    const url = await listenOnFreePort(b.app);
    const socket = await connectLive(url, account.token);
    try {
      expect(await joinLive(socket, liveRooms.liveMonitoring)).toEqual({ ok: true });
      const res = await requester(a.app, account.token).put('/account/v1/authenticate/refresh');
      expect(res.statusCode).toBe(200);
      // No event from the socket: the other process ends it on hearing the revocation.
      await until(() => socket.disconnected, 'o socket do outro processo ser encerrado');
    } finally {
      socket.close();
    }
  });
});
