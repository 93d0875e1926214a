import { Parse } from 'glossy';
import { describe, expect, it } from 'vitest';
import { octetCounted, structuredDataId, syslogMessage } from './syslog-format';

describe('syslog messages (RFC 5424)', () => {
  it('reads back with an RFC 5424 parser: header, escaped structured data, UTF-8 text', () => {
    const message = syslogMessage(
      {
        stream: 'execution_logs',
        time: '2026-12-02T03:30:00.000Z',
        workspaceId: 'w1',
        flowId: 'f1',
        executionId: 'e1',
        nodeUid: null,
        type: 'user',
        label: 'Rótulo "com" aspas ] e \\ barra',
        message: 'olá, mundo',
      },
      'servidor 1',
      42,
    );
    const parsed = Parse.parse(message);
    expect(parsed).toMatchObject({
      type: 'RFC5424',
      prival: 16 * 8 + 6,
      host: 'servidor1',
      appName: 'ponte',
      pid: '42',
      msgID: 'execution_log',
      message: '\uFEFFolá, mundo',
    });
    expect(new Date(parsed.time).toISOString()).toBe('2026-12-02T03:30:00.000Z');
    expect(parsed.structuredData).toEqual({
      [structuredDataId]: {
        workspace: 'w1',
        flow: 'f1',
        execution: 'e1',
        type: 'user',
        label: 'Rótulo "com" aspas ] e \\ barra',
      },
    });
  });

  it('frames by octet count: the length in bytes, not characters', () => {
    expect(octetCounted('ação').toString('utf8')).toBe('6 ação');
  });

  it('gives an execution that failed the error severity', () => {
    const message = syslogMessage(
      {
        stream: 'execution_ends',
        time: '2026-12-02T03:30:00.000Z',
        workspaceId: 'w1',
        flowId: 'f1',
        executionId: 'e1',
        triggerType: 'core_webhook_trigger',
        status: 'error',
        durationMs: 12,
        steps: 3,
        error: 'falhou',
        errorNodeUid: 'n2',
      },
      'h',
      1,
    );
    expect(Parse.parse(message)).toMatchObject({ severityID: 3, msgID: 'execution_end' });
  });
});
