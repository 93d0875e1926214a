import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { executions } from '../../db/schema';
import { seedWorkspace, openMessageDriver } from '../../test/queue-fixtures';
import { createTestDatabase, describeEachDriver } from '../../test/test-database';
import { after, hour, minute, t0, useDeadManEnv, type DeadManEnv } from '../../test/dead-man-env';

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

describeEachDriver('stuck_execution alert rules', (driverName) => {
  const env = useDeadManEnv(
    () => createTestDatabase(driverName),
    (db) => openMessageDriver(db),
  );
  stuckExecutionTests(env);
});
