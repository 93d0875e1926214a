import { expect, it } from 'vitest';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import { executionDataSchema } from '@ponte/shared/execution-data.schema';
import { completedListSchema } from '@ponte/shared/monitoring.schema';
import { chain, createFlow, finished, type Step } from '../../test/flow-fixtures';
import { useTestApp, type Requester } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

const { nodes } = createTestNodes();
const manual: Step = { type: 'core_manual_trigger' };
const logging = (message: string): Step => ({
  type: 'core_log',
  params: { label: 'versão', message },
});

/** Runs the flow by its Manual Trigger; answers the execution's id. */
async function run(api: Requester, flowId: string): Promise<string> {
  const res = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { execution_id: string }).execution_id;
}

/** The execution's header as its page reads it. */
async function executionOf(api: Requester, executionId: string) {
  const res = await api.get(`/api/v1/monitoring/executions/${executionId}/data`);
  expect(res.statusCode, res.body).toBe(200);
  return executionDataSchema.parse(res.json()).execution;
}

describeEachDriver('the flow version an execution ran', (driver) => {
  const t = useTestApp(driver, { nodes });

  it('names the version each run ran: after a save the next, after a restore the new one', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(t, account, chain(manual, logging('primeira')));
    const first = await run(api, flowId);
    await finished(t, flowId, 1);

    const saved = await api.put(`/api/v1/flows/${flowId}`, {
      data: chain(manual, logging('segunda')),
      version: 1,
    });
    expect(saved.json().version).toBe(2);
    const second = await run(api, flowId);
    await finished(t, flowId, 2);

    const restored = await api.post(`/api/v1/flows/${flowId}/versions/1/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().version).toBe(3);
    const third = await run(api, flowId);
    await finished(t, flowId, 3);

    expect((await executionOf(api, first)).flow_version).toBe(1);
    expect((await executionOf(api, second)).flow_version).toBe(2);
    expect((await executionOf(api, third)).flow_version).toBe(3);
    const list = completedListSchema.parse(
      (await api.get('/api/v1/monitoring/executions/completed')).json(),
    );
    expect(list.items.map((item) => [item.data.execution_id, item.data.flow_version])).toEqual([
      [third, 3],
      [second, 2],
      [first, 1],
    ]);
  });

  it('names the version that ran, not the one an execution was queued under', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    // One at a time: the second run waits in the queue while the first hangs.
    const created = await api.post('/api/v1/flows', {
      name: 'Uma por vez',
      enabled: true,
      data: chain(manual, { type: 'test_hang' }),
      config: { rate_limit: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const flowId = created.json()._id as string;
    const hanging = await run(api, flowId);
    await until(
      async () => (await executionOf(api, hanging)).status === 'running',
      'a primeira execução rodando',
    );
    const queued = await run(api, flowId);
    const waiting = await executionOf(api, queued);
    expect(waiting.status).toBe('queued');
    expect(waiting.flow_version).toBeNull();

    const saved = await api.put(`/api/v1/flows/${flowId}`, {
      data: chain(manual, logging('salva na fila')),
      version: 1,
    });
    expect(saved.json().version).toBe(2);
    const running = await api.get('/api/v1/monitoring/executions/running');
    expect(running.json()).toMatchObject([{ execution_id: hanging, flow_version: 1 }]);
    expect((await api.post('/engine/stop-execution', { execution_id: hanging })).statusCode).toBe(
      200,
    );
    await finished(t, flowId, 2);

    expect(await executionOf(api, hanging)).toMatchObject({ status: 'stopped', flow_version: 1 });
    expect(await executionOf(api, queued)).toMatchObject({ status: 'success', flow_version: 2 });
  });

  it('names the saved version of an editor run of it, and none of an unsaved document', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const document = chain({ ...manual, uid: 'inicio' }, { ...logging('salva'), uid: 'log' });
    const flowId = await createFlow(t, account, document);
    const editorRun = async (doc: object) => {
      const res = await api.post(`/engine/flow/editor-run/${flowId}`, {
        document: doc,
        destination: 'log',
        trigger: { node_uid: 'inicio', msg: { payload: {} } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { execution_id: string }).execution_id;
    };
    const asSaved = await editorRun(document);
    const unsaved = await editorRun(
      chain({ ...manual, uid: 'inicio' }, { ...logging('não salva'), uid: 'log' }),
    );
    await finished(t, flowId, 2);
    expect((await executionOf(api, asSaved)).flow_version).toBe(1);
    expect((await executionOf(api, unsaved)).flow_version).toBeNull();
  });
});
