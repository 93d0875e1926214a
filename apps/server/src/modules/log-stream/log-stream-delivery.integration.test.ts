import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { startHttpReceiver } from '../../test/http-receiver';
import { startSyslogReceiver } from '../../test/syslog-receiver';
import { useTestApp } from '../../test/test-app';
import { until } from '../../test/until';
import type { LogStreamSettings } from './log-stream.config';
import type { StreamEvent } from './stream-event';

/** A sample of /metrics: the value of the series with these labels, 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((each) => each.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('log streaming when a destination is down', () => {
  const settings: LogStreamSettings = {
    destinations: [],
    // A tiny buffer: a destination down for a while loses its oldest events.
    bufferSize: 3,
    batchSize: 10,
    intervalMs: 20,
  };
  let webhook: Awaited<ReturnType<typeof startHttpReceiver>>;
  let syslog: Awaited<ReturnType<typeof startSyslogReceiver>>;
  /** The events of the batches the webhook took (answered 200). */
  const taken: StreamEvent[] = [];
  let down = true;

  beforeAll(async () => {
    webhook = await startHttpReceiver('127.0.0.1');
    webhook.answerWith((request, response) => {
      if (down) return response.writeHead(503).end();
      taken.push(...(JSON.parse(request.body) as { events: StreamEvent[] }).events);
      response.writeHead(204).end();
    });
    syslog = await startSyslogReceiver();
    settings.destinations.push(
      {
        kind: 'webhook',
        streams: ['execution_logs', 'execution_ends'],
        url: webhook.url,
        secret: null,
      },
      // Plain TCP, and only the security log.
      { kind: 'syslog', streams: ['security'], url: syslog.url, ca: null },
    );
  });
  const t = useTestApp('embedded', {
    logStream: settings,
    logStreamTesting: { minRetryMs: 20, maxRetryMs: 50 },
    metrics: { open: true, token: null },
  });
  afterAll(async () => {
    await Promise.all([webhook.close(), syslog.close()]);
  });

  const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

  it('keeps the newest events while the webhook is down, counts the oldest dropped, and sends them once it is back', async () => {
    const owner = await t.createAccount();
    const flowId = await createFlow(
      t,
      owner,
      chain(
        { type: 'core_manual_trigger' },
        ...['um', 'dois', 'três', 'quatro', 'cinco'].map((message) => ({
          type: 'core_log',
          params: { label: 'Contagem', message },
        })),
      ),
    );
    await t.request(owner.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    const [execution] = await finished(t, flowId);

    // Tried and refused: the batches stay, past 3 the oldest go.
    const text = await until(async () => {
      const now = await metrics();
      const dropped = sample(
        now,
        'ponte_log_stream_dropped_total',
        'destination="webhook",stream="execution_logs"',
      );
      // The end too was tried (it is last: every line was taken before it).
      const endTried = sample(
        now,
        'ponte_log_stream_failed_total',
        'destination="webhook",stream="execution_ends"',
      );
      return dropped > 0 && endTried > 0 && now;
    }, 'eventos descartados e envios que falharam nas métricas');
    expect(sample(text, 'ponte_log_stream_buffered', 'destination="webhook"')).toBe(3);
    expect(taken).toEqual([]);

    down = false;
    await until(() => taken.some((event) => event.stream === 'execution_ends'), 'o fim no webhook');
    // What the buffer kept: the three newest, the end last; the first lines were dropped.
    expect(taken).toHaveLength(3);
    expect(taken.at(-1)).toMatchObject({ stream: 'execution_ends', executionId: execution!.id });
    expect(
      taken.map((event) => (event.stream === 'execution_logs' ? event.message : '')),
    ).not.toContain('um');
    // Counted as sent once the webhook's answer is back, a moment after it took the batch.
    const after = await until(async () => {
      const now = await metrics();
      const sent = 'destination="webhook",stream="execution_ends"';
      return sample(now, 'ponte_log_stream_sent_total', sent) > 0 && now;
    }, 'o envio contado nas métricas');
    expect(
      sample(after, 'ponte_log_stream_sent_total', 'destination="webhook",stream="execution_ends"'),
    ).toBe(1);
    expect(sample(after, 'ponte_log_stream_buffered', 'destination="webhook"')).toBe(0);

    // The other destination was never held up, and takes only its stream.
    await t.request(null).post('/account/v1/authenticate', {
      email: owner.email,
      password: 'outra-senha-errada',
    });
    const [message] = await until(
      () => syslog.messages.length > 0 && syslog.messages,
      'o evento de segurança no syslog',
    );
    expect(message!.parsed.msgID).toBe('security');
    expect(syslog.messages.every(({ parsed }) => parsed.msgID === 'security')).toBe(true);
  });

  it('sends again after a failure: a webhook that refuses once gets the batch on a retry', async () => {
    down = true;
    const before = webhook.received.length;
    const owner = await t.createAccount();
    const flowId = await createFlow(
      t,
      owner,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_log', params: { label: 'L', message: 'depois' } },
      ),
    );
    await t.request(owner.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    const [execution] = await finished(t, flowId);
    await until(() => webhook.received.length > before, 'uma tentativa recusada');
    down = false;
    await until(
      () =>
        taken.some(
          (event) => event.stream === 'execution_ends' && event.executionId === execution!.id,
        ),
      'o fim da segunda execução depois da nova tentativa',
    );
  });
});
