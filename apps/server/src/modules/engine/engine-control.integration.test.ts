import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@ponte/shared/messages';
import { executions } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { until } from '../../test/until';
import { describeEachDriver } from '../../test/test-database';

const m = messages.engine;

describeEachDriver('engine control', (driver) => {
  const t = useTestApp(driver);

  it('lists, stops and restarts running executions of the caller workspace only', async () => {
    const account = await t.createAccount();
    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const api = t.request(account.token);
    const other = t.request(stranger.token);
    const slow = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_delay', params: { amount: 60, unit: 's' } },
      ),
    );
    const first = (await api.post(`/engine/flow/manual-trigger/${slow}`, {})).json()
      .execution_id as string;
    const second = (await api.post(`/engine/flow/manual-trigger/${slow}`, {})).json()
      .execution_id as string;

    const running = await until(async () => {
      const list = (await api.get('/api/v1/monitoring/executions/running')).json() as {
        execution_id: string;
      }[];
      return list.length === 2 && list;
    }, 'duas execuções em andamento');
    expect(running[0]).toMatchObject({
      flow_id: slow,
      flow_name: 'Flow de teste',
      trigger_type: 'core_manual_trigger',
      trigger_node_uid: 'n0',
      stop_execution: false,
    });
    expect((await api.get('/engine/status')).json()).toMatchObject({ running_flows_count: 2 });
    expect((await other.get('/api/v1/monitoring/executions/running')).json()).toEqual([]);
    expect((await other.get('/engine/status')).json()).toMatchObject({ running_flows_count: 0 });

    const refused = await other.post('/engine/stop-execution', { execution_id: first });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(m.executionNotRunning);
    expect((await other.get('/engine/stop-execution/restart')).json()).toEqual({
      success: true,
      stopped_executions: 0,
    });

    expect((await api.post('/engine/stop-execution', { execution_id: first })).statusCode).toBe(
      200,
    );
    await until(async () => {
      const [row] = await t.database.db.select().from(executions).where(eq(executions.id, first));
      return row?.status === 'stopped';
    }, 'a primeira parada');
    const restart = await api.get('/engine/stop-execution/restart');
    expect(restart.json()).toEqual({ success: true, stopped_executions: 1 });
    const rows = await finished(t, slow, 2);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [first]: 'stopped',
      [second]: 'stopped',
    });

    const completed = (await api.get('/api/v1/monitoring/executions/completed')).json() as {
      items: { data: { execution_id: string; status: string } }[];
      total: number;
    };
    expect(completed.items.map((item) => item.data.execution_id)).toEqual(
      expect.arrayContaining([first, second]),
    );
    expect((await other.get('/api/v1/monitoring/executions/completed')).json()).toEqual({
      items: [],
      total: 0,
    });
    const series = (await api.get('/api/v1/monitoring/executions/completed/timeseries')).json() as {
      y: number;
    }[];
    expect(series).toHaveLength(60);
    expect(series.reduce((sum, point) => sum + point.y, 0)).toBeGreaterThanOrEqual(2);
  });
});
