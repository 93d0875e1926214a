import type { EventEmitter } from 'node:events';
import type { ExecutionResult } from '@ponte/engine/executor/events';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Buckets of the execution duration, in seconds: from a quick webhook to a long batch. */
const durationBuckets = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * The Prometheus metrics of one app instance, in its own registry (two apps in one test
 * process never share a counter).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpRequests = new Counter({
    name: 'ponte_http_requests_total',
    help: 'Requisições HTTP respondidas, pelo padrão da rota, método e status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const executionsStarted = new Counter({
    name: 'ponte_executions_started_total',
    help: 'Execuções iniciadas.',
    registers: [registry],
  });
  const executionsFinished = new Counter({
    name: 'ponte_executions_finished_total',
    help: 'Execuções terminadas, pelo status final.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const executionDuration = new Histogram({
    name: 'ponte_execution_duration_seconds',
    help: 'Duração das execuções terminadas, em segundos.',
    buckets: durationBuckets,
    registers: [registry],
  });
  const running = new Set<string>();
  new Gauge({
    name: 'ponte_executions_running',
    help: 'Execuções rodando agora neste processo.',
    registers: [registry],
    collect() {
      this.set(running.size);
    },
  });
  const logRows = new Counter({
    name: 'ponte_log_rows_written_total',
    help: 'Linhas de log gravadas no banco.',
    registers: [registry],
  });

  return {
    registry,
    contentType: registry.contentType,
    render: () => registry.metrics(),
    countRequest(route: string, method: string, status: number) {
      httpRequests.inc({ route, method, status: String(status) });
    },
    countLogRows(count: number) {
      logRows.inc(count);
    },
    /** Follows the runner's `started` and `finished` events. */
    observeRunner(events: EventEmitter) {
      events.on('started', (execution: { id: string }) => {
        running.add(execution.id);
        executionsStarted.inc();
      });
      events.on('finished', (result: ExecutionResult, execution: { id: string }) => {
        running.delete(execution.id);
        executionsFinished.inc({ status: result.status });
        executionDuration.observe(result.execution_time / 1000);
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
