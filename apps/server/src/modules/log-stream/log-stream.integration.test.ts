import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { startHttpReceiver } from '../../test/http-receiver';
import { attributesOf, startOtlpReceiver } from '../../test/otlp-receiver';
import { startSyslogReceiver } from '../../test/syslog-receiver';
import { makeTestCertificates } from '../../test/test-certificates';
import { useTestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { structuredDataId } from './destinations/syslog-format';
import { webhookSignature } from './destinations/webhook-sender';
import type { LogStreamSettings } from './log-stream.config';
import type { StreamEvent } from './stream-event';

const secret = 'token-da-conta-de-servico-9f8e7d';
const webhookSecret = 'segredo-do-webhook-de-logs-123';
const certificates = makeTestCertificates();

describe.skipIf(!certificates)('log streaming to OTLP, syslog over TLS and a webhook', () => {
  const settings: LogStreamSettings = {
    destinations: [],
    bufferSize: 1_000,
    batchSize: 50,
    intervalMs: 20,
  };
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let syslog: Awaited<ReturnType<typeof startSyslogReceiver>>;
  let webhook: Awaited<ReturnType<typeof startHttpReceiver>>;
  let standIn: Awaited<ReturnType<typeof startHttpReceiver>>;

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    syslog = await startSyslogReceiver(certificates!.valid);
    webhook = await startHttpReceiver('127.0.0.1');
    standIn = await startHttpReceiver('127.0.0.2');
    // Read when the app is built (the next beforeAll); every destination on a private address.
    settings.destinations.push(
      {
        kind: 'otlp',
        streams: ['execution_logs', 'execution_ends', 'security'],
        url: `${otlp.url}/v1/logs`,
      },
      {
        kind: 'syslog',
        streams: ['execution_logs', 'execution_ends', 'security'],
        url: syslog.url,
        ca: certificates!.ca,
      },
      {
        kind: 'webhook',
        streams: ['execution_logs', 'execution_ends', 'security'],
        url: `${webhook.url}/ponte/logs`,
        secret: webhookSecret,
      },
    );
  });
  const t = useTestApp('embedded', {
    logStream: settings,
    httpAllowedNetworks: ['127.0.0.2/32'],
  });
  afterAll(async () => {
    await Promise.all([otlp.close(), syslog.close(), webhook.close(), standIn.close()]);
  });

  const webhookEvents = () =>
    webhook.received.flatMap(
      (request) => (JSON.parse(request.body) as { events: StreamEvent[] }).events,
    );

  it('sends a run’s lines and end, and a failed sign-in, to the three; never the account’s secret', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const account = await api.post('/api/v1/service-accounts', {
      name: 'API de pedidos',
      auth_type: 'bearer_token',
      bearer_token: { token: secret, url: standIn.url },
    });
    expect(account.statusCode, account.body).toBe(201);
    const flowId = await createFlow(
      t,
      owner,
      chain(
        { type: 'core_manual_trigger' },
        {
          type: 'core_http_request',
          params: {
            method: 'GET',
            url: `${standIn.url}/pedidos`,
            service_account: account.json()._id,
          },
        },
        { type: 'core_log', params: { label: 'Pedido', message: 'pedido consultado' } },
      ),
    );
    expect((await api.post(`/engine/flow/manual-trigger/${flowId}`, {})).statusCode).toBe(200);
    const [execution] = await finished(t, flowId);
    expect(execution!.status).toBe('success');
    // The stand-in got the account's token: the flow used the secret.
    expect(standIn.received.at(-1)?.headers.authorization).toBe(`Bearer ${secret}`);

    const signIn = await t.request(null).post('/account/v1/authenticate', {
      email: owner.email,
      password: 'senha-errada-de-proposito',
    });
    expect(signIn.statusCode).toBe(401);

    // The webhook: JSON batches, signed.
    const events = await until(() => {
      const all = webhookEvents();
      return (
        all.some((event) => event.stream === 'security') &&
        all.some((event) => event.stream === 'execution_ends') &&
        all
      );
    }, 'os eventos no webhook');
    for (const request of webhook.received) {
      expect(request.url).toBe('/ponte/logs');
      expect(request.headers['x-ponte-signature']).toBe(
        webhookSignature(webhookSecret, request.body),
      );
    }
    expect(events).toContainEqual(
      expect.objectContaining({
        stream: 'execution_logs',
        executionId: execution!.id,
        flowId,
        workspaceId: owner.workspaceId,
        nodeUid: 'n2',
        type: 'user',
        label: 'Pedido',
        message: 'pedido consultado',
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        stream: 'execution_ends',
        executionId: execution!.id,
        status: 'success',
        triggerType: 'core_manual_trigger',
        error: null,
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ stream: 'security', kind: 'sign_in_failed' }),
    );

    // Syslog over TLS: RFC 5424, APP-NAME ponte, MSGID per stream, ids in structured data.
    const messages = await until(
      () =>
        syslog.messages.some(({ parsed }) => parsed.msgID === 'security') &&
        syslog.messages.some(({ parsed }) => parsed.msgID === 'execution_end') &&
        syslog.messages,
      'as mensagens syslog',
    );
    const line = messages.find(({ parsed }) => parsed.message.endsWith('pedido consultado'))!;
    expect(line.parsed).toMatchObject({
      type: 'RFC5424',
      appName: 'ponte',
      msgID: 'execution_log',
      facilityID: 16,
      severityID: 6,
    });
    expect(line.parsed.structuredData?.[structuredDataId]).toMatchObject({
      workspace: owner.workspaceId,
      flow: flowId,
      execution: execution!.id,
      node: 'n2',
      type: 'user',
      label: 'Pedido',
    });
    const end = messages.find(({ parsed }) => parsed.msgID === 'execution_end')!;
    expect(end.parsed.structuredData?.[structuredDataId]).toMatchObject({ status: 'success' });
    const denied = messages.find(({ parsed }) => parsed.msgID === 'security')!;
    expect(denied.parsed.structuredData?.[structuredDataId]).toMatchObject({
      kind: 'sign_in_failed',
    });
    expect(denied.parsed.severityID).toBe(4);

    // OTLP: protobuf by default, decoded with the official schema.
    const records = await until(() => {
      const all = otlp.logRecords();
      return (
        all.some((record) => attributesOf(record.attributes)['ponte.stream'] === 'security') &&
        all.some(
          (record) => attributesOf(record.attributes)['ponte.stream'] === 'execution_ends',
        ) &&
        all
      );
    }, 'os logs OTLP');
    expect(otlp.logs.every(({ encoding }) => encoding === 'protobuf')).toBe(true);
    const record = records.find((each) => each.body?.stringValue === 'pedido consultado')!;
    expect(attributesOf(record.attributes)).toMatchObject({
      'ponte.stream': 'execution_logs',
      'ponte.workspace_id': owner.workspaceId,
      'ponte.flow_id': flowId,
      'ponte.execution_id': execution!.id,
      'ponte.node_uid': 'n2',
      'ponte.label': 'Pedido',
    });
    expect(record.severityText).toBe('INFO');
    expect(attributesOf(record.resource?.attributes)['service.name']).toBe('ponte');

    // The secret went to the stand-in only.
    const sent = [
      JSON.stringify(webhook.received),
      JSON.stringify(syslog.messages),
      JSON.stringify(otlp.logs),
    ].join('\n');
    expect(sent).not.toContain(secret);
    expect(sent).not.toContain(secret.slice(6, 20));
  });
});
