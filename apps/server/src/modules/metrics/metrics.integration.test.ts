import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { until } from '../../test/until';
import { queueSchema } from '@ponte/shared/queues.schema';
import { createLocalBus } from '../../cluster/cluster-bus';

/** The value of one sample line of the Prometheus text, or 0 when absent. */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((row) => row.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('metrics, open (PONTE_METRICS=true)', () => {
  const t = useTestApp('embedded', { metrics: { open: true, token: null } });

  it('serves the process, HTTP and execution metrics, and they move after an execution', async () => {
    const before = await t.app.inject('/metrics');
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toContain('text/plain');
    expect(before.body).toContain('process_cpu_user_seconds_total');
    expect(before.body).toContain('nodejs_eventloop_lag_seconds');
    expect(sample(before.body, 'ponte_executions_started_total')).toBe(0);

    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_log', params: { label: 'A', message: 'b' } },
      ),
    );
    const run = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(run.statusCode, run.body).toBe(200);
    await finished(t, flowId);

    const text = await until(async () => {
      const body = (await t.app.inject('/metrics')).body;
      return sample(body, 'ponte_log_rows_written_total') > 0 && body;
    }, 'as linhas de log gravadas');
    expect(sample(text, 'ponte_executions_started_total')).toBe(1);
    expect(sample(text, 'ponte_executions_finished_total{status="success"}')).toBe(1);
    expect(sample(text, 'ponte_execution_duration_seconds_count')).toBe(1);
    expect(sample(text, 'ponte_executions_running')).toBe(0);
    expect(
      sample(
        text,
        'ponte_http_requests_total{route="/engine/flow/manual-trigger/:flowId",method="POST",status="200"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(flowId);
  });
});

describe('metrics of one process among several', () => {
  const processId = 'processo-de-teste-1';
  const t = useTestApp('embedded', {
    metrics: { open: true, token: null },
    cluster: { role: 'all', bus: createLocalBus({ processId }), leaseMs: 30_000, redis: null },
    // One execution at a time: the second one waits in the executions queue.
    executionConcurrency: 1,
  });

  it('names the process and its role, and counts the jobs waiting in the queues by state', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const first = await t.app.inject('/metrics');
    expect(sample(first.body, `ponte_process_info{role="all",process_id="${processId}"}`)).toBe(1);
    expect(first.body).toContain('nodejs_eventloop_lag_seconds');

    const queue = queueSchema.parse((await api.post('/api/v1/queues', { name: 'Medida' })).json());
    await api.post(`/api/v1/queues/jobs/new/${queue._id}`, { message: 'a' });
    await api.post(`/api/v1/queues/jobs/new/${queue._id}`, { message: 'b' });
    const flowId = await createFlow(
      t,
      account,
      chain({ type: 'core_manual_trigger' }, { type: 'core_delay', params: { amount: 3600 } }),
    );
    for (const _ of [1, 2]) {
      const run = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
      expect(run.statusCode, run.body).toBe(200);
    }
    const text = await until(async () => {
      const body = (await t.app.inject('/metrics')).body;
      return sample(body, 'ponte_queue_depth{queue="executions",state="waiting"}') === 1 && body;
    }, 'a segunda execução esperando na fila');
    expect(sample(text, 'ponte_queue_depth{queue="executions",state="active"}')).toBe(1);
    expect(sample(text, 'ponte_queue_depth{queue="internal",state="waiting"}')).toBe(2);
    expect(sample(text, 'ponte_queue_depth{queue="internal",state="active"}')).toBe(0);
    // Bounded labels: no queue or flow id in any series.
    expect(text).not.toContain(queue._id);
    expect(text).not.toContain(flowId);
    expect((await api.get('/engine/stop-execution/restart')).statusCode).toBe(200);
  });
});

describe('metrics behind a token (PONTE_METRICS_TOKEN)', () => {
  const token = 'token-das-metricas-123';
  const t = useTestApp('embedded', { metrics: { open: false, token } });

  it('answers 401 without the bearer token and the metrics with it', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer outro-token-qualquer' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('ponte_executions_started_total');
  });
});

describe('metrics off (default)', () => {
  const t = useTestApp('embedded');

  it('has no /metrics route: 404 JSON, not the app', async () => {
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
