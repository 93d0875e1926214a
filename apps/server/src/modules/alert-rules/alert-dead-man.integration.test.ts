import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { alertFirings, alertRules } from '../../db/schema';
import { createRedisMessageDriver } from '../queues/drivers/redis-message-driver';
import { openMessageDriver, seedWorkspace } from '../../test/queue-fixtures';
import { createTestDatabase, describeEachDriver } from '../../test/test-database';
import { after, hour, minute, t0, useDeadManEnv, type DeadManEnv } from '../../test/dead-man-env';

const redisUrl = process.env.PONTE_TEST_REDIS_URL;

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

describeEachDriver('dead-man alert rules', (driverName) => {
  const env = useDeadManEnv(
    () => createTestDatabase(driverName),
    (db) => openMessageDriver(db),
  );
  noSuccessTests(env);
  queueBacklogTests(env);
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
