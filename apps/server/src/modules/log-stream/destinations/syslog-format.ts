import { eventText, severityOf, type StreamEvent, type StreamName } from '../stream-event';

/** local0: the facility of every event (docs/adr/0132). */
const facility = 16;
/** The structured data's id: `ponte` at the documentation enterprise number (RFC 5612). */
export const structuredDataId = 'ponte@32473';

const msgIds: Record<StreamName, string> = {
  execution_logs: 'execution_log',
  execution_ends: 'execution_end',
  security: 'security',
};

/** PARAM-VALUE escapes `"`, `\` and `]` (RFC 5424 §6.3.3). */
function paramValue(text: string): string {
  return text.replace(/["\\\]]/g, (character) => `\\${character}`);
}

/** A header field: printable US-ASCII without spaces, at most `max` characters, `-` if empty. */
function headerField(text: string, max: number): string {
  const clean = text.replace(/[^\x21-\x7e]/g, '').slice(0, max);
  return clean || '-';
}

function paramsOf(event: StreamEvent): [string, string | number | null][] {
  switch (event.stream) {
    case 'execution_logs':
      return [
        ['workspace', event.workspaceId],
        ['flow', event.flowId],
        ['execution', event.executionId],
        ['node', event.nodeUid],
        ['type', event.type],
        ['label', event.label],
      ];
    case 'execution_ends':
      return [
        ['workspace', event.workspaceId],
        ['flow', event.flowId],
        ['execution', event.executionId],
        ['trigger', event.triggerType],
        ['status', event.status],
        ['duration_ms', event.durationMs],
        ['steps', event.steps],
        ['error_node', event.errorNodeUid],
      ];
    case 'security':
      return [
        ['workspace', event.workspaceId],
        ['kind', event.kind],
        ['user', event.userId],
        ['resource', event.resource],
        ['ip', event.ip],
      ];
  }
}

/**
 * One event as an RFC 5424 message: PRI from local0 and the event's severity, version 1, its
 * time, the host, APP-NAME `ponte`, the process id, MSGID of its stream, the ids and fields in
 * one SD-ELEMENT, and the text in UTF-8 after the BOM.
 */
export function syslogMessage(event: StreamEvent, host: string, processId: number): string {
  const params = paramsOf(event)
    .filter(([, value]) => value !== null && value !== '')
    .map(([name, value]) => `${name}="${paramValue(String(value))}"`);
  const data = `[${[structuredDataId, ...params].join(' ')}]`;
  const header = [
    `<${facility * 8 + severityOf(event)}>1`,
    event.time,
    headerField(host, 255),
    'ponte',
    String(processId),
    msgIds[event.stream],
  ].join(' ');
  return `${header} ${data} \uFEFF${eventText(event)}`;
}

/** Octet-counting framing (RFC 6587 §3.4.1, RFC 5425 §4.3): the length in bytes, a space, the message. */
export function octetCounted(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `, 'ascii'), body]);
}
