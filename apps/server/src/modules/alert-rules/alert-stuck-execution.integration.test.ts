import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertFiring } from '@ponte/shared/alert-rules.schema';
import { createLocalBus } from '../../cluster/cluster-bus';
import type { ClusterOptions } from '../../cluster/cluster';
import type { ProcessRole } from '../../cluster/cluster.config';
import { createAlertDelivery } from './alerts';
import { createNetworkGuard } from '../../adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from '../../adapters/outbound-http/outbound-http-client';
import type { Database } from '../../db/client';
import { alertRules, executions, flows, ponteProcesses } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { startHttpReceiver } from '../../test/http-receiver';
import { seedWorkspace } from '../../test/queue-fixtures';
import { testEncryptionKey, useTestApp, type TestAccount } from '../../test/test-app';
import { createTestDatabase, describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createWorkerPresence } from '../executions/execution-waiting';
import { createServiceAccountsService } from '../service-accounts/service-accounts.service';
import { createDeadManEvaluator } from './alert-dead-man';

const minute = 60_000;
const asRole = (role: ProcessRole): ClusterOptions => ({
  role,
  bus: createLocalBus(),
  leaseMs: 30_000,
  redis: null,
});

/** A process of `role` in `ponte_processes`, its lease ending `leaseSeconds` from now. */
async function addProcess(db: Database, role: ProcessRole, leaseSeconds: number) {
  const id = randomUUID();
  await db.insert(ponteProcesses).values({
    id,
    role,
    host: 'teste',
    pid: 1,
    startedAt: sql`now()` as unknown as Date,
    leaseUntil: sql`now() + ${leaseSeconds} * interval '1 second'` as unknown as Date,
  });
  return id;
}

/**
 * An 'Execução sem worker' rule from the API to the receiver, evaluated as an API process does
 * (PONTE_ROLE=api: the app here, which runs no execution): a worker is a live lease in
 * `ponte_processes`. The app's own evaluator (every 30 s) asks the same rows, so it never
 * disagrees with the passes this test runs.
 */
describeEachDriver('stuck executions alerted by webhook', (driver) => {
  const t = useTestApp(driver, {
    cluster: asRole('api'),
    httpAllowedNetworks: ['127.0.0.2/32'],
    alerts: { dispatchIntervalMs: 3_600_000 },
  });
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
  const guard = createNetworkGuard(['127.0.0.2/32']);
  const http = createOutboundHttpClient({ guard });
  const errors: unknown[] = [];
  const onError = (error: unknown) => errors.push(error);

  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  beforeEach(async () => {
    await t.database.db.delete(ponteProcesses);
  });
  afterAll(async () => {
    await http.close();
    await receiver.close();
    expect(errors).toEqual([]);
  });

  /** The evaluator and the dispatcher of an API process, and two passes of both. */
  function apiProcess() {
    const db = t.database.db;
    const evaluator = createDeadManEvaluator(db, {
      now: t.clock.now,
      queueCounts: () => Promise.reject(new Error('sem filas neste teste')),
      workersAlive: createWorkerPresence(db, asRole('api'), false),
      onError,
    });
    const dispatcher = createAlertDelivery({
      db,
      now: t.clock.now,
      http,
      network: { guard },
      accounts: createServiceAccountsService({
        db,
        now: t.clock.now,
        box: createSecretBox(testEncryptionKey),
        http,
      }),
      smtp: null,
      baseUrl: 'https://ponte.exemplo.com.br',
      onError,
    });
    return {
      async passes() {
        for (let i = 0; i < 2; i += 1) {
          await evaluator.runOnce();
          await dispatcher.runOnce();
        }
      },
      stop: () => dispatcher.stop(),
    };
  }

  /** Flow 'Pedidos', a rule on it (5 minutes, by webhook to `path`) and one queued execution. */
  async function stuckPedidos(account: TestAccount, path: string) {
    const db = t.database.db;
    const flowId = randomUUID();
    await db.insert(flows).values({
      id: flowId,
      workspaceId: account.workspaceId,
      name: 'Pedidos',
      enabled: true,
      triggers: [],
      variables: [],
      data: {},
      config: { rate_limit: 0 },
    });
    const created = await t.request(account.token).post('/api/v1/alert-rules', {
      name: 'Pedidos parados',
      type: 'stuck_execution',
      flow_id: flowId,
      stuck_minutes: 5,
      action: 'webhook',
      action_webhook_url: `${receiver.url}${path}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const executionId = randomUUID();
    await db.insert(executions).values({
      id: executionId,
      workspaceId: account.workspaceId,
      flowId,
      triggerType: 'manual',
      triggerNodeUid: 'n0',
      status: 'queued',
      queuedAt: new Date(t.clock.now().getTime() - 4 * minute),
    });
    return { ruleId: (created.json() as { _id: string })._id, executionId };
  }

  const bodiesTo = (path: string) =>
    receiver.received
      .filter((request) => request.url === path)
      .map((request) => JSON.parse(request.body) as { kind: string; summary: string });

  it('fires once after the minutes with no worker, and recovers once a worker is back', async () => {
    const account = await t.createAccount();
    const { ruleId } = await stuckPedidos(account, '/sem-worker');
    const api = apiProcess();
    // A worker that stopped without removing its row: its lease ran out.
    await addProcess(t.database.db, 'worker', -60);

    await api.passes();
    expect(bodiesTo('/sem-worker')).toEqual([]);

    t.clock.advance(2 * minute);
    await api.passes();
    await api.passes();
    expect(bodiesTo('/sem-worker')).toHaveLength(1);
    expect(bodiesTo('/sem-worker')[0]).toMatchObject({ kind: 'incident' });
    expect(bodiesTo('/sem-worker')[0]!.summary).toMatch(
      /^1 execução do flow "Pedidos" está na fila há mais de 5 minutos sem nenhum worker ativo para executá-la \(desde \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d\)\.$/,
    );

    await addProcess(t.database.db, 'worker', 30);
    t.clock.advance(minute);
    await api.passes();
    await api.passes();
    expect(bodiesTo('/sem-worker').map((body) => body.kind)).toEqual(['incident', 'recovery']);
    expect(bodiesTo('/sem-worker')[1]!.summary).toContain(
      'As execuções do flow "Pedidos" na fila voltaram a ter um worker ativo em',
    );

    const firings = await t.request(account.token).get(`/api/v1/alert-rules/${ruleId}/firings`);
    const items = (firings.json() as { items: AlertFiring[] }).items;
    expect(items.map((item) => [item.kind, item.state, item.result_status])).toEqual([
      ['recovery', 'sent', 200],
      ['incident', 'sent', 200],
    ]);
    await api.stop();
  });

  it('recovers once when the stuck execution leaves the queue, still with no worker', async () => {
    const account = await t.createAccount();
    const { executionId } = await stuckPedidos(account, '/parada');
    const api = apiProcess();
    t.clock.advance(2 * minute);
    await api.passes();
    expect(bodiesTo('/parada').map((body) => body.kind)).toEqual(['incident']);

    await t.database.db.delete(executions).where(eq(executions.id, executionId));
    t.clock.advance(minute);
    await api.passes();
    await api.passes();
    expect(bodiesTo('/parada').map((body) => body.kind)).toEqual(['incident', 'recovery']);
    expect(bodiesTo('/parada')[1]!.summary).toContain(
      'As execuções do flow "Pedidos" deixaram de estar paradas na fila em',
    );
    await api.stop();
  });

  it('sends nothing while a worker is alive, whatever waits in the queue', async () => {
    const account = await t.createAccount();
    await stuckPedidos(account, '/com-worker');
    const api = apiProcess();
    await addProcess(t.database.db, 'api', 30);
    await addProcess(t.database.db, 'worker', 30);
    t.clock.advance(30 * minute);
    await api.passes();
    await api.passes();
    expect(bodiesTo('/com-worker')).toEqual([]);
    await api.stop();
  });
});

describeEachDriver('whether a worker is alive', (driver) => {
  const t = useTestApp(driver);
  const db = () => t.database.db;
  beforeEach(async () => {
    await db().delete(ponteProcesses);
  });

  it('an API process asks for a live lease of a process that runs executions', async () => {
    const alive = createWorkerPresence(db(), asRole('api'), false);
    expect(await alive()).toBe(false);
    await addProcess(db(), 'worker', -1);
    expect(await alive()).toBe(false);
    await addProcess(db(), 'api', 30);
    expect(await alive()).toBe(false);
    const worker = await addProcess(db(), 'worker', 30);
    expect(await alive()).toBe(true);
    await db().delete(ponteProcesses).where(eq(ponteProcesses.id, worker));
    await addProcess(db(), 'all', 30);
    expect(await alive()).toBe(true);
  });

  describe('a process that runs executions is a worker alive itself', () => {
    it.each(['all', 'worker'] as const)('PONTE_ROLE=%s', async (role) => {
      expect(await createWorkerPresence(db(), asRole(role), true)()).toBe(true);
    });
  });
});

describeEachDriver('an API process while no worker is alive', (driver) => {
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  // Before the app starts: a workspace rule and an execution queued 10 minutes ago.
  useTestApp(driver, {
    cluster: asRole('api'),
    httpAllowedNetworks: ['127.0.0.2/32'],
    alerts: { dispatchIntervalMs: 50 },
    async openDatabase() {
      const database = await createTestDatabase(driver);
      const { db } = database;
      const { workspaceId } = await seedWorkspace(db);
      await db.insert(alertRules).values({
        id: randomUUID(),
        workspaceId,
        name: 'Fila sem worker',
        type: 'stuck_execution',
        stuckMinutes: 5,
        action: 'webhook',
        actionWebhookMethod: 'post',
        actionWebhookUrl: `${receiver.url}/api-sozinha`,
        matchLogType: 'message',
        enabledAt: new Date(),
      });
      await db.insert(executions).values({
        id: randomUUID(),
        workspaceId,
        flowId: randomUUID(),
        triggerType: 'manual',
        triggerNodeUid: 'n0',
        status: 'queued',
        queuedAt: new Date(Date.now() - 10 * minute),
      });
      return database;
    },
  });

  it('raises and sends the alert itself', async () => {
    const sentTo = () => receiver.received.filter((request) => request.url === '/api-sozinha');
    await until(() => sentTo().length > 0, 'o alerta enviado pelo processo de API');
    // Later passes of both (every 50 ms here) send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentTo().map((request) => JSON.parse(request.body) as object)).toEqual([
      expect.objectContaining({
        kind: 'incident',
        summary: expect.stringMatching(
          /^1 execução do workspace está na fila há mais de 5 minutos sem nenhum worker ativo/,
        ) as unknown,
      }),
    ]);
  });
});
