import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client';
import { alertFirings, alertIncidents, alertRules, executions, flows } from '../../db/schema';
import type { MessageQueueDriver } from '../queues/drivers/message-queue-driver';
import { createRedisMessageDriver } from '../queues/drivers/redis-message-driver';
import { addQueue, openMessageDriver, seedWorkspace } from '../../test/queue-fixtures';
import { createTestDatabase, describeEachDriver } from '../../test/test-database';
import { createDeadManEvaluator } from './alert-dead-man';

const minute = 60_000;
const hour = 60 * minute;
/** 12:00 UTC is 09:00 in São Paulo. */
const t0 = new Date('2026-11-24T12:00:00Z');
const after = (ms: number) => new Date(t0.getTime() + ms);
const redisUrl = process.env.PONTE_TEST_REDIS_URL;

/** A database and a queue driver for the tests of a describe block, and their helpers. */
function useDeadManEnv(
  openDatabase: () => Promise<DatabaseHandle>,
  openQueueDriver: (db: Database) => MessageQueueDriver,
) {
  let database: DatabaseHandle;
  let queueDriver: MessageQueueDriver;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openDatabase();
    queueDriver = openQueueDriver(database.db);
    await queueDriver.start();
  });
  afterAll(async () => {
    await queueDriver?.close();
    await database?.close();
  });

  /**
   * An evaluator whose clock reads `clock.now`, and that sees a worker while `workers.alive`
   * (counting in `workers.asked` how many times it asks).
   */
  function evaluator(
    clock: { now: Date },
    workers: { alive: boolean; asked?: number } = { alive: true },
  ) {
    return createDeadManEvaluator(db(), {
      now: () => clock.now,
      queueCounts: (queueId) => queueDriver.counts(queueId),
      workersAlive: async () => {
        workers.asked = (workers.asked ?? 0) + 1;
        return workers.alive;
      },
      onError: (error) => {
        throw error;
      },
    });
  }

  async function addFlow(workspaceId: string, name: string) {
    const id = randomUUID();
    await db()
      .insert(flows)
      .values({
        id,
        workspaceId,
        name,
        enabled: true,
        triggers: [],
        variables: [],
        data: {},
        config: { rate_limit: 0 },
      });
    return id;
  }

  async function finish(workspaceId: string, flowId: string, endedAt: Date, status = 'success') {
    await db()
      .insert(executions)
      .values({
        id: randomUUID(),
        workspaceId,
        flowId,
        triggerType: 'manual',
        triggerNodeUid: 'n0',
        status: status as 'success',
        queuedAt: endedAt,
        startedAt: endedAt,
        endedAt,
        durationMs: 0,
      });
  }

  /** An execution of the flow waiting in the queue since `queuedAt` (or in another status). */
  async function enqueue(workspaceId: string, flowId: string, queuedAt: Date, status = 'queued') {
    const id = randomUUID();
    await db()
      .insert(executions)
      .values({
        id,
        workspaceId,
        flowId,
        triggerType: 'manual',
        triggerNodeUid: 'n0',
        status: status as 'queued',
        queuedAt,
      });
    return id;
  }

  async function addRule(
    workspaceId: string,
    values: Partial<typeof alertRules.$inferInsert> & Pick<typeof alertRules.$inferInsert, 'type'>,
  ) {
    const id = randomUUID();
    await db()
      .insert(alertRules)
      .values({
        id,
        workspaceId,
        name: 'Regra',
        action: 'webhook',
        actionWebhookMethod: 'post',
        actionWebhookUrl: 'http://127.0.0.1:9/alerta',
        matchLogType: 'message',
        enabledAt: t0,
        ...values,
      });
    return id;
  }

  const incidentsOf = (ruleId: string) =>
    db()
      .select()
      .from(alertIncidents)
      .where(eq(alertIncidents.ruleId, ruleId))
      .orderBy(asc(alertIncidents.startedAt));
  const firingsOf = async (ruleId: string) =>
    (
      await db()
        .select()
        .from(alertFirings)
        .where(eq(alertFirings.ruleId, ruleId))
        .orderBy(asc(alertFirings.openedAt), asc(alertFirings.kind))
    ).map((row) => ({ kind: row.kind, state: row.state, count: row.count, summary: row.summary }));

  /** A flow that last succeeded at t0, watched for 26 hours of silence. */
  async function nightlyImport() {
    const { workspaceId } = await seedWorkspace(db());
    const flowId = await addFlow(workspaceId, 'Importação noturna');
    await finish(workspaceId, flowId, after(-2 * hour));
    await finish(workspaceId, flowId, t0);
    await finish(workspaceId, flowId, after(hour), 'error');
    const ruleId = await addRule(workspaceId, {
      type: 'no_success',
      flowId,
      noSuccessMinutes: 26 * 60,
      enabledAt: after(-24 * hour),
    });
    return { workspaceId, flowId, ruleId };
  }

  async function backlog() {
    const workspace = await seedWorkspace(db());
    const queueId = await addQueue(db(), workspace, { name: 'Pedidos' });
    const ruleId = await addRule(workspace.workspaceId, {
      type: 'queue_backlog',
      queueId,
      queueDepthAbove: 5,
      queueDepthMinutes: 10,
    });
    const publish = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        await queueDriver.publish(queueId, {
          workspaceId: workspace.workspaceId,
          message: { pedido: i },
          publisher: 'teste',
        });
      }
    };
    return { queueId, ruleId, publish };
  }

  return {
    db,
    queueDriver: () => queueDriver,
    evaluator,
    addFlow,
    finish,
    enqueue,
    addRule,
    incidentsOf,
    firingsOf,
    nightlyImport,
    backlog,
  };
}

type DeadManEnv = ReturnType<typeof useDeadManEnv>;

const silenceSummary =
  'O flow Importação noturna não termina com sucesso há 26 horas (último sucesso em 24/11/2026 09:00:00).';

function noSuccessTests(env: DeadManEnv) {
  const { db, evaluator, addFlow, finish, addRule, incidentsOf, firingsOf, nightlyImport } = env;
  it('fires once after the silence, not before, however many evaluators pass', async () => {
    const { ruleId } = await nightlyImport();
    const clock = { now: after(26 * hour - minute) };
    await evaluator(clock).runOnce();
    expect(await incidentsOf(ruleId)).toEqual([]);
    expect(await firingsOf(ruleId)).toEqual([]);

    clock.now = after(26 * hour);
    await Promise.all([evaluator(clock).runOnce(), evaluator(clock).runOnce()]);
    await evaluator(clock).runOnce();
    const incidents = await incidentsOf(ruleId);
    expect(incidents.map((row) => [row.state, row.startedAt, row.firedAt])).toEqual([
      ['firing', t0, after(26 * hour)],
    ]);
    expect(await firingsOf(ruleId)).toEqual([
      { kind: 'incident', state: 'due', count: 0, summary: silenceSummary },
    ]);
    const [firing] = await db().select().from(alertFirings).where(eq(alertFirings.ruleId, ruleId));
    expect(firing).toMatchObject({ incidentId: incidents[0]!.id, openedAt: clock.now });
    expect(firing!.closesAt).toEqual(clock.now);
  });

  it('recovers once after a success, and a new silence is a new incident', async () => {
    const { workspaceId, flowId, ruleId } = await nightlyImport();
    const clock = { now: after(26 * hour) };
    await evaluator(clock).runOnce();

    // 2026-11-25 15:00 UTC is 12:00 in São Paulo.
    await finish(workspaceId, flowId, after(27 * hour));
    clock.now = after(27 * hour + minute);
    await Promise.all([evaluator(clock).runOnce(), evaluator(clock).runOnce()]);
    await evaluator(clock).runOnce();
    expect((await incidentsOf(ruleId)).map((row) => row.state)).toEqual(['resolved']);
    const recovered =
      'O flow Importação noturna voltou a terminar com sucesso em 25/11/2026 12:00:00.';
    expect(await firingsOf(ruleId)).toEqual([
      { kind: 'incident', state: 'due', count: 0, summary: silenceSummary },
      { kind: 'recovery', state: 'due', count: 0, summary: recovered },
    ]);

    clock.now = after(27 * hour + 26 * hour - minute);
    await evaluator(clock).runOnce();
    expect(await firingsOf(ruleId)).toHaveLength(2);
    clock.now = after(27 * hour + 26 * hour);
    await evaluator(clock).runOnce();
    expect((await incidentsOf(ruleId)).map((row) => row.state)).toEqual(['resolved', 'firing']);
    expect((await firingsOf(ruleId)).map((row) => row.kind)).toEqual([
      'incident',
      'recovery',
      'incident',
    ]);
  });

  it('waits the minutes from enabled_at for a flow that never ran', async () => {
    const { workspaceId } = await seedWorkspace(db());
    const flowId = await addFlow(workspaceId, 'Novo flow');
    const ruleId = await addRule(workspaceId, { type: 'no_success', flowId, noSuccessMinutes: 90 });
    const clock = { now: after(90 * minute - 1) };
    await evaluator(clock).runOnce();
    expect(await firingsOf(ruleId)).toEqual([]);
    clock.now = after(90 * minute);
    await evaluator(clock).runOnce();
    expect(await firingsOf(ruleId)).toEqual([
      {
        kind: 'incident',
        state: 'due',
        count: 0,
        summary: 'O flow Novo flow não termina com sucesso há 1 hora (nunca terminou com sucesso).',
      },
    ]);
  });

  it("never counts another workspace's executions nor watches its flows", async () => {
    const { flowId, ruleId } = await nightlyImport();
    const other = await seedWorkspace(db());
    // A success written under the other workspace for the same flow id is not this flow's.
    await finish(other.workspaceId, flowId, after(20 * hour));
    const foreignRule = await addRule(other.workspaceId, {
      type: 'no_success',
      flowId,
      noSuccessMinutes: 1,
    });
    const clock = { now: after(26 * hour) };
    await evaluator(clock).runOnce();
    expect((await firingsOf(ruleId)).map((row) => row.summary)).toEqual([silenceSummary]);
    expect(await firingsOf(foreignRule)).toEqual([]);
  });

  it('a disabled rule raises nothing, and disabling ends its incident without a recovery', async () => {
    const { ruleId } = await nightlyImport();
    await db().update(alertRules).set({ enabled: false }).where(eq(alertRules.id, ruleId));
    const clock = { now: after(26 * hour) };
    await evaluator(clock).runOnce();
    expect(await incidentsOf(ruleId)).toEqual([]);
    expect(await firingsOf(ruleId)).toEqual([]);

    const firing = await nightlyImport();
    await evaluator(clock).runOnce();
    expect(await firingsOf(firing.ruleId)).toHaveLength(1);
    await db().update(alertRules).set({ enabled: false }).where(eq(alertRules.id, firing.ruleId));
    clock.now = after(27 * hour);
    await evaluator(clock).runOnce();
    expect((await incidentsOf(firing.ruleId)).map((row) => row.state)).toEqual(['resolved']);
    expect((await firingsOf(firing.ruleId)).map((row) => row.kind)).toEqual(['incident']);
  });
}

function queueBacklogTests(env: DeadManEnv) {
  const { evaluator, incidentsOf, firingsOf, backlog } = env;
  const clean = (queueId: string) => env.queueDriver().clean(queueId);

  it('a queue above its depth for the minutes fires once, and recovers once below it', async () => {
    const { queueId, ruleId, publish } = await backlog();
    await publish(5);
    const clock = { now: t0 };
    await evaluator(clock).runOnce();
    expect(await incidentsOf(ruleId)).toEqual([]);

    await publish(1);
    await evaluator(clock).runOnce();
    clock.now = after(10 * minute - 1);
    await evaluator(clock).runOnce();
    expect((await incidentsOf(ruleId)).map((row) => row.state)).toEqual(['pending']);
    expect(await firingsOf(ruleId)).toEqual([]);

    clock.now = after(10 * minute);
    await Promise.all([evaluator(clock).runOnce(), evaluator(clock).runOnce()]);
    await evaluator(clock).runOnce();
    expect((await incidentsOf(ruleId)).map((row) => row.state)).toEqual(['firing']);
    const fired = 'A fila Pedidos está com 6 mensagens a processar, acima de 5, há 10 minutos.';
    expect(await firingsOf(ruleId)).toEqual([
      { kind: 'incident', state: 'due', count: 0, summary: fired },
    ]);

    await clean(queueId);
    await publish(5);
    // 12:15 UTC is 09:15 in São Paulo.
    clock.now = after(15 * minute);
    await Promise.all([evaluator(clock).runOnce(), evaluator(clock).runOnce()]);
    await evaluator(clock).runOnce();
    expect((await incidentsOf(ruleId)).map((row) => row.state)).toEqual(['resolved']);
    expect(await firingsOf(ruleId)).toEqual([
      { kind: 'incident', state: 'due', count: 0, summary: fired },
      {
        kind: 'recovery',
        state: 'due',
        count: 0,
        summary:
          'A fila Pedidos voltou a 5 mensagens a processar (limite 5) em 24/11/2026 09:15:00.',
      },
    ]);
  });

  it('a queue above for less than the minutes raises nothing, and counts again next time', async () => {
    const { queueId, ruleId, publish } = await backlog();
    await publish(8);
    const clock = { now: t0 };
    await evaluator(clock).runOnce();
    clock.now = after(9 * minute);
    await clean(queueId);
    await evaluator(clock).runOnce();
    expect((await incidentsOf(ruleId)).map((row) => row.state)).toEqual(['resolved']);

    await publish(8);
    await evaluator(clock).runOnce();
    clock.now = after(18 * minute);
    await evaluator(clock).runOnce();
    expect((await incidentsOf(ruleId)).map((row) => row.state)).toEqual(['resolved', 'pending']);
    expect(await firingsOf(ruleId)).toEqual([]);
  });
}

function stuckExecutionTests(env: DeadManEnv) {
  const { db, evaluator, addFlow, enqueue, addRule, incidentsOf, firingsOf } = env;
  const pedidosStuck =
    '1 execução do flow "Pedidos" está na fila há mais de 5 minutos sem nenhum worker ativo para executá-la (desde 24/11/2026 09:00:00).';

  /** Flow 'Pedidos' watched for executions queued more than 5 minutes without a worker. */
  async function pedidos() {
    const { workspaceId } = await seedWorkspace(db());
    const flowId = await addFlow(workspaceId, 'Pedidos');
    const ruleId = await addRule(workspaceId, { type: 'stuck_execution', flowId, stuckMinutes: 5 });
    return { workspaceId, flowId, ruleId };
  }

  it('fires once for executions queued past the minutes with no worker, and recovers once a worker is back', async () => {
    const { workspaceId, flowId, ruleId } = await pedidos();
    await enqueue(workspaceId, flowId, t0);
    await enqueue(workspaceId, flowId, after(3 * minute));
    const workers = { alive: false };
    const clock = { now: after(5 * minute - 1) };
    await evaluator(clock, workers).runOnce();
    expect(await incidentsOf(ruleId)).toEqual([]);

    clock.now = after(6 * minute);
    await evaluator(clock, { alive: true }).runOnce();
    expect(await incidentsOf(ruleId)).toEqual([]);

    await Promise.all([evaluator(clock, workers).runOnce(), evaluator(clock, workers).runOnce()]);
    await evaluator(clock, workers).runOnce();
    expect((await incidentsOf(ruleId)).map((row) => [row.state, row.startedAt])).toEqual([
      ['firing', after(6 * minute)],
    ]);
    expect(await firingsOf(ruleId)).toEqual([
      { kind: 'incident', state: 'due', count: 0, summary: pedidosStuck },
    ]);

    // The second one is stuck too by now: still the same incident, nothing new to send.
    clock.now = after(9 * minute);
    await evaluator(clock, workers).runOnce();
    expect(await firingsOf(ruleId)).toHaveLength(1);

    // 12:10 UTC is 09:10 in São Paulo.
    workers.alive = true;
    clock.now = after(10 * minute);
    await Promise.all([evaluator(clock, workers).runOnce(), evaluator(clock, workers).runOnce()]);
    expect((await incidentsOf(ruleId)).map((row) => row.state)).toEqual(['resolved']);
    expect(await firingsOf(ruleId)).toEqual([
      { kind: 'incident', state: 'due', count: 0, summary: pedidosStuck },
      {
        kind: 'recovery',
        state: 'due',
        count: 0,
        summary:
          'As execuções do flow "Pedidos" na fila voltaram a ter um worker ativo em 24/11/2026 09:10:00.',
      },
    ]);
  });

  it('clears with its own text when the executions leave the queue while no worker is back', async () => {
    const { workspaceId, flowId, ruleId } = await pedidos();
    const id = await enqueue(workspaceId, flowId, t0);
    const workers = { alive: false };
    const clock = { now: after(6 * minute) };
    await evaluator(clock, workers).runOnce();
    expect(await firingsOf(ruleId)).toHaveLength(1);

    // 'Parar' on /monitoring/active ends a queued execution.
    await db().update(executions).set({ status: 'stopped' }).where(eq(executions.id, id));
    clock.now = after(7 * minute);
    await evaluator(clock, workers).runOnce();
    expect((await incidentsOf(ruleId)).map((row) => row.state)).toEqual(['resolved']);
    expect((await firingsOf(ruleId)).map((row) => row.summary)).toEqual([
      pedidosStuck,
      'As execuções do flow "Pedidos" deixaram de estar paradas na fila em 24/11/2026 09:07:00.',
    ]);
  });

  it("counts the workspace's queued executions when no flow is told, not another status nor workspace", async () => {
    const { workspaceId } = await seedWorkspace(db());
    const other = await seedWorkspace(db());
    const pedidosFlow = await addFlow(workspaceId, 'Pedidos');
    const boletos = await addFlow(workspaceId, 'Boletos');
    await enqueue(workspaceId, pedidosFlow, after(-30 * minute));
    await enqueue(workspaceId, boletos, t0);
    await enqueue(workspaceId, boletos, after(-2 * hour), 'running');
    await enqueue(workspaceId, boletos, after(50 * minute));
    await enqueue(other.workspaceId, boletos, after(-3 * hour));
    const anyFlow = await addRule(workspaceId, { type: 'stuck_execution', stuckMinutes: 60 });
    const ofPedidos = await addRule(workspaceId, {
      type: 'stuck_execution',
      flowId: pedidosFlow,
      stuckMinutes: 60,
    });
    const foreign = await addRule(other.workspaceId, {
      type: 'stuck_execution',
      flowId: pedidosFlow,
      stuckMinutes: 1,
    });
    const clock = { now: after(hour) };
    await evaluator(clock, { alive: false }).runOnce();
    expect((await firingsOf(anyFlow)).map((row) => row.summary)).toEqual([
      '2 execuções do workspace estão na fila há mais de 1 hora sem nenhum worker ativo para executá-las (a mais antiga desde 24/11/2026 08:30:00).',
    ]);
    expect((await firingsOf(ofPedidos)).map((row) => row.summary)).toEqual([
      '1 execução do flow "Pedidos" está na fila há mais de 1 hora sem nenhum worker ativo para executá-la (desde 24/11/2026 08:30:00).',
    ]);
    // Another workspace's flow is watched by none of its rules.
    expect(await firingsOf(foreign)).toEqual([]);
  });

  it('fires for executions queued before the rule was enabled, and keeps that one incident', async () => {
    const { workspaceId } = await seedWorkspace(db());
    const flowId = await addFlow(workspaceId, 'Pedidos');
    await enqueue(workspaceId, flowId, t0);
    const ruleId = await addRule(workspaceId, {
      type: 'stuck_execution',
      flowId,
      stuckMinutes: 5,
      enabledAt: after(hour),
    });
    const workers = { alive: false };
    const clock = { now: after(hour) };
    for (const minutes of [0, 1, 2]) {
      clock.now = after(hour + minutes * minute);
      await evaluator(clock, workers).runOnce();
    }
    expect((await incidentsOf(ruleId)).map((row) => row.state)).toEqual(['firing']);
    expect(await firingsOf(ruleId)).toHaveLength(1);
  });

  it('asks whether a worker is alive once a pass, however many rules see executions stuck', async () => {
    const { workspaceId, flowId } = await pedidos();
    await addRule(workspaceId, { type: 'stuck_execution', stuckMinutes: 5 });
    await enqueue(workspaceId, flowId, t0);
    const workers = { alive: true, asked: 0 };
    await evaluator({ now: after(10 * minute) }, workers).runOnce();
    expect(workers.asked).toBe(1);
  });
}

describeEachDriver('dead-man alert rules', (driverName) => {
  const env = useDeadManEnv(
    () => createTestDatabase(driverName),
    (db) => openMessageDriver(db),
  );
  noSuccessTests(env);
  queueBacklogTests(env);
  stuckExecutionTests(env);
});

describe.skipIf(!redisUrl)('queue_backlog rules on the Redis message driver', () => {
  // Every run has its own key prefix, and deletes its keys at the end.
  const prefix = `ponte-teste-${randomUUID()}`;
  const env = useDeadManEnv(
    () => createTestDatabase('embedded'),
    () => createRedisMessageDriver({ url: redisUrl!, prefix }),
  );
  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  queueBacklogTests(env);
});
