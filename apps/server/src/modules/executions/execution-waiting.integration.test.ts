import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import type { WaitingExecution } from '@ponte/shared/monitoring.schema';
import { executions } from '../../db/schema';
import { startFlakyApi, type FlakyApi } from '../../test/stand-ins/flaky-api';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

// The flaky service is a stand-in on 127.0.0.2 answering 503 Service Unavailable (RFC 9110
// §15.6.4) for a while, then 200: no service on the internet is reached.
let api: FlakyApi;
beforeAll(async () => {
  api = await startFlakyApi('127.0.0.2');
});
afterAll(async () => {
  await api.close();
});

const at = (x: number) => ({ x, y: 0 });
const { nodes } = createTestNodes();

async function createFlow(t: TestContext, account: TestAccount, data: object, rateLimit = 0) {
  const res = await t.request(account.token).post('/api/v1/flows', {
    name: 'Pedidos',
    enabled: true,
    data,
    config: { rate_limit: rateLimit },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

/** Manual trigger → HTTP GET of the flaky API, tried again a minute later on 503. */
const flakyFlow = () => ({
  version: 1,
  nodes: [
    { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
    {
      uid: 'api',
      type: 'core_http_request',
      position: at(200),
      params: { method: 'GET', url: `${api.url}/pedidos/1` },
      onError: {
        retries: 3,
        backoff: 'fixed',
        base_ms: 60_000,
        factor: 1,
        max_ms: 60_000,
        jitter: false,
      },
    },
  ],
  edges: [{ id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'api' }],
});

const hangFlow = () => ({
  version: 1,
  nodes: [
    { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
    { uid: 'trava', type: 'test_hang', position: at(200), params: {} },
  ],
  edges: [{ id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'trava' }],
});

describeEachDriver('why an execution has not run', (driver) => {
  const t = useTestApp(driver, { nodes, httpAllowedNetworks: ['127.0.0.2/32'] });

  const waitingOf = async (account: TestAccount) => {
    const res = await t.request(account.token).get('/api/v1/monitoring/executions/waiting');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: WaitingExecution[] }).items;
  };
  /** The first execution of the list, once there is one. */
  const firstWaiting = async (account: TestAccount) =>
    (
      await until(async () => {
        const items = await waitingOf(account);
        return items.length > 0 && items;
      }, 'uma execução na lista')
    )[0]!;
  const start = async (account: TestAccount, flowId: string) => {
    const res = await t.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(res.statusCode, res.body).toBe(200);
  };
  const statusesOf = async (flowId: string) =>
    (await t.database.db.select().from(executions).where(eq(executions.flowId, flowId))).map(
      (row) => row.status,
    );

  it("says when the next attempt runs, and 'Executar agora' runs it without waiting", async () => {
    const account = await t.createAccount();
    const stranger = await t.createAccount();
    const flowId = await createFlow(t, account, flakyFlow());
    api.arrivals.length = 0;
    api.failNext(1);
    await start(account, flowId);
    const item = await firstWaiting(account);
    expect(item).toMatchObject({
      flow_id: flowId,
      flow_name: 'Pedidos',
      status: 'waiting',
      run_now: true,
      reason: { kind: 'retry', node_uid: 'api' },
    });
    expect(item.reason.text).toMatch(
      /^Nova tentativa 2 de 4 em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\.$/,
    );
    expect(Date.parse(item.reason.at!) - Date.parse(item.since)).toBeGreaterThanOrEqual(59_000);

    // Another workspace sees nothing of it and cannot run it.
    expect(await waitingOf(stranger)).toEqual([]);
    const refused = await t
      .request(stranger.token)
      .post(`/api/v1/monitoring/executions/${item.execution_id}/run-now`, {});
    expect(refused.statusCode).toBe(404);

    const ran = await t
      .request(account.token)
      .post(`/api/v1/monitoring/executions/${item.execution_id}/run-now`, {});
    expect(ran.statusCode, ran.body).toBe(200);
    await until(async () => (await statusesOf(flowId))[0] === 'success', 'a nova tentativa rodar');
    expect(api.arrivals).toHaveLength(2);
    expect(await waitingOf(account)).toEqual([]);

    const again = await t
      .request(account.token)
      .post(`/api/v1/monitoring/executions/${item.execution_id}/run-now`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta execução não aguarda uma nova tentativa.');
  });

  it("waits for an 'Aguardar' of a minute without a slot, and 'Executar agora' skips it", async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, {
      version: 1,
      nodes: [
        { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
        {
          uid: 'espera',
          type: 'core_delay',
          position: at(200),
          params: { amount: 1, unit: 'min', durable: true },
        },
        {
          uid: 'log',
          type: 'core_log',
          position: at(400),
          params: { label: 'Depois', message: 'ok' },
        },
      ],
      edges: [
        { id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'espera' },
        { id: 'e2', source: 'espera', sourceOutput: 'default', target: 'log' },
      ],
    });
    await start(account, flowId);
    const item = await firstWaiting(account);
    expect(item).toMatchObject({
      status: 'waiting',
      run_now: true,
      reason: { kind: 'delay', node_uid: 'espera' },
    });
    expect(item.reason.text).toMatch(
      /^Aguardando até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(conector Aguardar\)\.$/,
    );
    const ran = await t
      .request(account.token)
      .post(`/api/v1/monitoring/executions/${item.execution_id}/run-now`, {});
    expect(ran.statusCode, ran.body).toBe(200);
    await until(async () => (await statusesOf(flowId))[0] === 'success', 'a espera terminar');
    const [row] = await t.database.db
      .select()
      .from(executions)
      .where(eq(executions.id, item.execution_id));
    // trigger + delay, then the delay again and the log.
    expect(row!.steps).toBe(4);
  });

  it("'Parar' ends a waiting execution: it leaves the list and never runs again", async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, flakyFlow());
    api.arrivals.length = 0;
    api.failNext(1);
    await start(account, flowId);
    const item = await firstWaiting(account);
    const stopped = await t
      .request(account.token)
      .post('/engine/stop-execution', { execution_id: item.execution_id });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await statusesOf(flowId)).toEqual(['stopped']);
    expect(await waitingOf(account)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(executions)
      .where(eq(executions.id, item.execution_id));
    expect(row).toMatchObject({ waits: null, resume: null, resumeAt: null });
    expect(row!.error).toEqual({ message: 'Execução interrompida.' });
  });

  it("says a queued execution waits for the flow's concurrency limit, and 'Parar' withdraws it", async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, hangFlow(), 1);
    await start(account, flowId);
    await until(async () => (await statusesOf(flowId)).includes('running'), 'a primeira rodar');
    await start(account, flowId);
    const queued = await firstWaiting(account);
    expect(queued).toMatchObject({
      status: 'queued',
      run_now: false,
      reason: {
        kind: 'concurrency',
        text: 'Limite de execuções simultâneas do flow: 1 de 1 em andamento.',
      },
    });
    const withdrawn = await t
      .request(account.token)
      .post('/engine/stop-execution', { execution_id: queued.execution_id });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await waitingOf(account)).toEqual([]);
    const running = await t.database.db
      .select()
      .from(executions)
      .where(eq(executions.status, 'running'));
    for (const row of running.filter((each) => each.flowId === flowId)) {
      await t.request(account.token).post('/engine/stop-execution', { execution_id: row.id });
    }
    await until(
      async () => (await statusesOf(flowId)).every((status) => status === 'stopped'),
      'as duas paradas',
    );
  });
});
