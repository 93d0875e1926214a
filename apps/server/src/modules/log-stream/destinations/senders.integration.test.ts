import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributesOf, startOtlpReceiver } from '../../../test/otlp-receiver';
import { startSyslogReceiver } from '../../../test/syslog-receiver';
import { makeTestCertificates } from '../../../test/test-certificates';
import { until } from '../../../test/until';
import type { StreamEvent } from '../stream-event';
import { createOtlpSender } from './otlp-sender';
import { createSyslogSender } from './syslog-sender';

const ended: StreamEvent = {
  stream: 'execution_ends',
  time: '2026-12-02T12:00:00.000Z',
  workspaceId: 'w1',
  flowId: 'f1',
  executionId: 'e1',
  triggerType: 'core_webhook_trigger',
  status: 'error',
  durationMs: 12,
  steps: 3,
  error: 'A API respondeu 500',
  errorNodeUid: 'n2',
};

describe('the OTLP sender', () => {
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  beforeAll(async () => {
    otlp = await startOtlpReceiver();
  });
  afterAll(() => otlp.close());

  it('sends OTLP/JSON when the protocol variable asks, and fails on a refusal so the batch is tried again', async () => {
    const sender = createOtlpSender(`${otlp.url}/v1/logs`, {
      OTEL_EXPORTER_OTLP_LOGS_PROTOCOL: 'http/json',
    });
    await sender.send([ended]);
    expect(otlp.logs.map(({ encoding }) => encoding)).toEqual(['json']);
    const [record] = otlp.logRecords();
    expect(record).toMatchObject({
      severityText: 'ERROR',
      body: { stringValue: 'Execução e1 terminou: error em 12 ms (A API respondeu 500)' },
    });
    expect(attributesOf(record!.attributes)).toMatchObject({
      'ponte.stream': 'execution_ends',
      'ponte.execution_id': 'e1',
      'ponte.status': 'error',
      'ponte.duration_ms': 12,
      'ponte.error_node_uid': 'n2',
    });
    expect(attributesOf(record!.resource?.attributes)['service.name']).toBe('ponte');

    otlp.answerWith(400);
    await expect(sender.send([ended])).rejects.toBeDefined();
    otlp.answerWith(200);
    await sender.close();
  });
});

const certificates = makeTestCertificates();

describe.skipIf(!certificates)('the syslog sender over TLS', () => {
  let syslog: Awaited<ReturnType<typeof startSyslogReceiver>>;
  beforeAll(async () => {
    syslog = await startSyslogReceiver(certificates!.valid);
  });
  afterAll(() => syslog.close());

  it('refuses a server its authorities do not sign, and sends once given the authority', async () => {
    const untrusted = createSyslogSender(syslog.url, null);
    await expect(untrusted.send([ended])).rejects.toThrow();
    expect(syslog.messages).toEqual([]);

    const trusted = createSyslogSender(syslog.url, certificates!.ca);
    await trusted.send([ended, { ...ended, executionId: 'e2' }]);
    await trusted.close();
    const parsed = await until(
      () => syslog.messages.length >= 2 && syslog.messages,
      'as duas mensagens',
    );
    expect(parsed.map(({ parsed }) => parsed.structuredData?.['ponte@32473']?.execution)).toEqual([
      'e1',
      'e2',
    ]);
  });
});
