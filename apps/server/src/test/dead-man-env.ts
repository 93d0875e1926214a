import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import { alertFirings, alertIncidents, alertRules, executions, flows } from '../db/schema';
import type { MessageQueueDriver } from '../modules/queues/drivers/message-queue-driver';
import { createDeadManEvaluator } from '../modules/alert-rules/alert-dead-man';
import { addQueue, seedWorkspace } from './queue-fixtures';

export const minute = 60_000;
export const hour = 60 * minute;
/** The tests' clock starts here (09:00 in São Paulo). */
export const t0 = new Date('2026-11-24T12:00:00Z');
export const after = (ms: number) => new Date(t0.getTime() + ms);

/** A database and a queue driver for the tests of a describe block, and their helpers. */
export function useDeadManEnv(
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

export type DeadManEnv = ReturnType<typeof useDeadManEnv>;
