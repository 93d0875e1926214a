import type { EventEmitter } from 'node:events';
import type { ExecutionResult } from '@ponte/engine/executor/events';
import { loadOnce } from '@ponte/shared/load-once';
import type { LogEntry } from '../logs/log-writer';
import type { DestinationSettings, LogStreamSettings } from './log-stream.config';
import type { StreamSender } from './destinations/stream-sender';
import {
  executionEndEvent,
  executionLogEvent,
  securityStreamEvent,
  type EndedExecution,
  type RecordedSecurityEvent,
  type StreamEvent,
  type StreamName,
} from './stream-event';
import { createStreamQueue } from './stream-queue';

export type DestinationKind = DestinationSettings['kind'];
export type StreamOutcome = 'sent' | 'failed' | 'dropped';

/** The counters of /metrics the stream moves (null when /metrics is closed). */
export interface LogStreamMetrics {
  countLogStream(
    outcome: StreamOutcome,
    destination: DestinationKind,
    stream: StreamName,
    count: number,
  ): void;
  observeLogStream(buffered: () => Partial<Record<DestinationKind, number>>): void;
}

export interface LogStreamDeps {
  now: () => Date;
  /** The process log: dropped events (at most once a minute per destination), failed tries. */
  warn(details: Record<string, unknown>, message: string): void;
  metrics: LogStreamMetrics | null;
  /** A destination's sender; default the real one, its module loaded on the first batch. */
  senderOf?: (destination: DestinationSettings) => Promise<StreamSender>;
  /** First wait after a failed try (default 500 ms), doubled up to `maxRetryMs` (a minute). */
  minRetryMs?: number;
  maxRetryMs?: number;
}

/** What the executions, the log writer and the security log hand to the destinations. */
export interface LogStream {
  /** A monitoring line an execution wrote (never waits). */
  executionLog(entry: LogEntry): void;
  /** Follows the runner's `finished` events: each end that is not a pause. */
  observeRunner(events: EventEmitter): void;
  /** An event the security log recorded. */
  security(event: RecordedSecurityEvent, at: Date): void;
  /** Sends what waits now, at every destination. */
  flush(): Promise<void>;
  /** Sends what waits for at most `waitMs`; the rest is dropped and counted. */
  close(waitMs?: number): Promise<void>;
}

/** The real sender of a destination, imported only when it has a batch to send. */
async function realSender(destination: DestinationSettings): Promise<StreamSender> {
  switch (destination.kind) {
    case 'otlp':
      return (await import('./destinations/otlp-sender')).createOtlpSender(destination.url);
    case 'syslog':
      return (await import('./destinations/syslog-sender')).createSyslogSender(
        destination.url,
        destination.ca,
      );
    case 'webhook':
      return (await import('./destinations/webhook-sender')).createWebhookSender(
        destination.url,
        destination.secret,
      );
  }
}

const warnEveryMs = 60_000;

/** A destination's queue, its counters and its warning of dropped events. */
function destinationQueue(
  destination: DestinationSettings,
  settings: LogStreamSettings,
  deps: LogStreamDeps,
) {
  const kind = destination.kind;
  const sender = loadOnce(() => (deps.senderOf ?? realSender)(destination));
  let unreported = 0;
  let lastWarning = -Infinity;
  const count = (outcome: StreamOutcome) => (stream: StreamName, total: number) =>
    deps.metrics?.countLogStream(outcome, kind, stream, total);
  const queue = createStreamQueue({
    send: async (batch) => (await sender()).send(batch),
    capacity: settings.bufferSize,
    batchSize: settings.batchSize,
    intervalMs: settings.intervalMs,
    ...(deps.minRetryMs ? { minRetryMs: deps.minRetryMs } : {}),
    ...(deps.maxRetryMs ? { maxRetryMs: deps.maxRetryMs } : {}),
    counters: {
      sent: count('sent'),
      failed: count('failed'),
      dropped(stream, total) {
        count('dropped')(stream, total);
        unreported += total;
        const at = deps.now().getTime();
        if (at - lastWarning < warnEveryMs) return;
        lastWarning = at;
        deps.warn(
          { destination: kind, dropped: unreported },
          'streaming de logs: eventos mais antigos descartados; o destino não os recebeu a tempo',
        );
        unreported = 0;
      },
    },
    onFailed: (error) =>
      deps.warn(
        { destination: kind, err: error instanceof Error ? error.message : String(error) },
        'streaming de logs: envio falhou; será tentado de novo',
      ),
  });
  return {
    kind,
    queue,
    close: async (waitMs: number) => {
      await queue.close(waitMs);
      await (await sender().catch(() => null))?.close();
    },
  };
}

/**
 * The instance's log streaming (docs/adr/0132), or null when no destination is set: then
 * nothing is loaded and the callers do nothing per event. Each destination has its own
 * bounded queue, so one slow destination never holds another.
 */
export function createLogStream(
  settings: LogStreamSettings,
  deps: LogStreamDeps,
): LogStream | null {
  if (!settings.destinations.length) return null;
  const destinations = settings.destinations.map((destination) => ({
    streams: new Set(destination.streams),
    ...destinationQueue(destination, settings, deps),
  }));
  const publish = (event: StreamEvent) => {
    for (const destination of destinations)
      if (destination.streams.has(event.stream)) destination.queue.push(event);
  };
  deps.metrics?.observeLogStream(() =>
    Object.fromEntries(destinations.map(({ kind, queue }) => [kind, queue.size])),
  );
  return {
    executionLog: (entry) => publish(executionLogEvent(entry)),
    observeRunner(events) {
      events.on('finished', (result: ExecutionResult, execution: EndedExecution) => {
        const event = executionEndEvent(result, execution, deps.now());
        if (event) publish(event);
      });
    },
    security: (event, at) => publish(securityStreamEvent(event, at)),
    flush: async () => {
      await Promise.all(destinations.map(({ queue }) => queue.flush()));
    },
    close: async (waitMs = 5_000) => {
      await Promise.all(destinations.map((destination) => destination.close(waitMs)));
    },
  };
}
