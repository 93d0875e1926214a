import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl, useClusterApps } from '../../test/cluster-apps';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { startHttpReceiver } from '../../test/http-receiver';
import { postgresTestUrl } from '../../test/test-database';
import { until } from '../../test/until';
import type { LogStreamSettings } from './log-stream.config';
import type { StreamEvent } from './stream-event';

if (!testRedisUrl || !postgresTestUrl) {
  console.warn(
    'Streaming de logs entre processos: PONTE_TEST_DATABASE_URL ou PONTE_TEST_REDIS_URL ausente, testes ignorados.',
  );
}

/**
 * A deployment on PostgreSQL and Redis: each process streams what it produces. The API process
 * and the worker send to the same webhook, each at its own path, so the test sees who sent what.
 */
describe.skipIf(!testRedisUrl || !postgresTestUrl)('log streaming across processes', () => {
  let webhook: Awaited<ReturnType<typeof startHttpReceiver>>;
  const settings = (): LogStreamSettings => ({
    destinations: [],
    bufferSize: 1_000,
    batchSize: 50,
    intervalMs: 20,
  });
  const api = settings();
  const worker = settings();
  beforeAll(async () => {
    webhook = await startHttpReceiver('127.0.0.1');
    const streams = ['execution_logs', 'execution_ends', 'security'] as const;
    api.destinations.push({
      kind: 'webhook',
      streams: [...streams],
      url: `${webhook.url}/api`,
      secret: null,
    });
    worker.destinations.push({
      kind: 'webhook',
      streams: [...streams],
      url: `${webhook.url}/worker`,
      secret: null,
    });
  });
  const cluster = useClusterApps();
  const apiProcess = cluster.instance('api', { logStream: api });
  cluster.instance('worker', { logStream: worker });
  afterAll(() => webhook.close());

  const eventsAt = (path: string) =>
    webhook.received
      .filter((request) => request.url === path)
      .flatMap((request) => (JSON.parse(request.body) as { events: StreamEvent[] }).events);

  it('the worker streams the lines and end of the execution it ran; the API process its sign-ins', async () => {
    const owner = await apiProcess.createAccount();
    const flowId = await createFlow(
      apiProcess,
      owner,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_log', params: { label: 'W', message: 'no worker' } },
      ),
    );
    await apiProcess.request(owner.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    const [execution] = await finished(apiProcess, flowId);
    await apiProcess.request(null).post('/account/v1/authenticate', {
      email: owner.email,
      password: 'senha-errada-no-cluster',
    });

    const fromWorker = await until(() => {
      const events = eventsAt('/worker');
      return events.some((event) => event.stream === 'execution_ends') && events;
    }, 'o fim da execução enviado pelo worker');
    expect(fromWorker).toContainEqual(
      expect.objectContaining({
        stream: 'execution_logs',
        executionId: execution!.id,
        message: 'no worker',
      }),
    );
    expect(fromWorker).toContainEqual(
      expect.objectContaining({
        stream: 'execution_ends',
        executionId: execution!.id,
        status: 'success',
      }),
    );
    const fromApi = await until(
      () => eventsAt('/api').some((event) => event.stream === 'security') && eventsAt('/api'),
      'a falha ao entrar enviada pelo processo da API',
    );
    expect(fromApi).toContainEqual(expect.objectContaining({ kind: 'sign_in_failed' }));
    expect(fromApi.some((event) => event.stream !== 'security')).toBe(false);
  });
});
