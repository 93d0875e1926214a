import type { ExecutionResult } from '@ponte/engine/executor/events';
import type { LogEntry } from '../logs/log-writer';
import { logMessageText } from '../logs/log-writer';

/** The three streams a destination may take (docs/adr/0132). */
export const streamNames = ['execution_logs', 'execution_ends', 'security'] as const;
export type StreamName = (typeof streamNames)[number];

/** A line an execution wrote to the monitoring log. */
export interface ExecutionLogEvent {
  stream: 'execution_logs';
  time: string;
  workspaceId: string;
  flowId: string;
  executionId: string;
  nodeUid: string | null;
  /** `user`, `internal` or `debug`. */
  type: string;
  label: string;
  message: string;
}

/** An execution that ended (success, error or stopped). */
export interface ExecutionEndEvent {
  stream: 'execution_ends';
  time: string;
  workspaceId: string;
  flowId: string;
  executionId: string;
  triggerType: string;
  status: string;
  durationMs: number;
  steps: number;
  /** The error's message; null when it succeeded or its flow stores personal data masked. */
  error: string | null;
  errorNodeUid: string | null;
}

/** An event of the security log (docs/adr/0021), as the audit page shows it. */
export interface SecurityStreamEvent {
  stream: 'security';
  time: string;
  workspaceId: string | null;
  kind: string;
  userId: string | null;
  resource: string;
  detail: string;
  ip: string | null;
}

export type StreamEvent = ExecutionLogEvent | ExecutionEndEvent | SecurityStreamEvent;

/** Messages longer than this are cut: one line never makes a batch too large to send. */
const maxMessage = 8_000;

function bounded(text: string): string {
  return text.length > maxMessage ? `${text.slice(0, maxMessage - 1)}…` : text;
}

/** A monitoring line as streamed: the text the monitoring page shows (already masked). */
export function executionLogEvent(entry: LogEntry): ExecutionLogEvent {
  return {
    stream: 'execution_logs',
    time: entry.createdAt.toISOString(),
    workspaceId: entry.workspaceId,
    flowId: entry.flowId,
    executionId: entry.executionId,
    nodeUid: entry.nodeUid ?? null,
    type: entry.type,
    label: entry.label,
    message: bounded(logMessageText(entry.message)),
  };
}

/** The execution row's fields an end reads. */
export interface EndedExecution {
  id: string;
  workspaceId: string;
  flowId: string;
  triggerType: string;
  personalDataMasked?: boolean;
}

/**
 * An execution's end as streamed; a parked one (`waiting`) has not ended. Its error text is
 * left out when the flow stores personal data masked (docs/adr/0122): the stream never has
 * more than what is stored.
 */
export function executionEndEvent(
  result: ExecutionResult,
  execution: EndedExecution,
  at: Date,
): ExecutionEndEvent | null {
  if (result.status === 'waiting') return null;
  const error = result.error && !execution.personalDataMasked ? result.error.message : null;
  return {
    stream: 'execution_ends',
    time: at.toISOString(),
    workspaceId: execution.workspaceId,
    flowId: execution.flowId,
    executionId: execution.id,
    triggerType: execution.triggerType,
    status: result.status,
    durationMs: result.execution_time,
    steps: result.steps,
    error: error === null ? null : bounded(error),
    errorNodeUid: result.error?.node_uid ?? null,
  };
}

/** A security event as the security log recorded it (`SecurityEventInput` of the audit module). */
export interface RecordedSecurityEvent {
  kind: string;
  userId?: string | null;
  workspaceId?: string | null;
  resource: string;
  detail?: string;
  ip?: string | null;
}

/** A security event as streamed: what the security log stores (never a secret). */
export function securityStreamEvent(event: RecordedSecurityEvent, at: Date): SecurityStreamEvent {
  return {
    stream: 'security',
    time: at.toISOString(),
    workspaceId: event.workspaceId ?? null,
    kind: event.kind,
    userId: event.userId ?? null,
    resource: bounded(event.resource),
    detail: bounded(event.detail ?? ''),
    ip: event.ip ?? null,
  };
}

/** One text per event: its message, the end's summary, the security event's sentence. */
export function eventText(event: StreamEvent): string {
  switch (event.stream) {
    case 'execution_logs':
      return event.message;
    case 'execution_ends':
      return `Execução ${event.executionId} terminou: ${event.status} em ${event.durationMs} ms${
        event.error ? ` (${event.error})` : ''
      }`;
    case 'security':
      return event.detail || `${event.kind} ${event.resource}`;
  }
}

/** How grave an event is, as syslog counts it (0 emergency … 7 debug). */
export function severityOf(event: StreamEvent): number {
  switch (event.stream) {
    case 'execution_logs':
      return event.type === 'debug' ? 7 : 6;
    case 'execution_ends':
      return event.status === 'error' ? 3 : event.status === 'stopped' ? 5 : 6;
    case 'security':
      return event.kind === 'signed_in' || event.kind.startsWith('api_token') ? 5 : 4;
  }
}
