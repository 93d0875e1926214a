import type { EventEmitter } from 'node:events';
import type { ExecutionResult } from '@ponte/engine/executor/events';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { logStreamMetrics } from './log-stream-metrics';

/** Buckets of the execution duration, in seconds: from a quick webhook to a long batch. */
const durationBuckets = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** Jobs of a queue by state (`waiting`, `active`, …): what a queue's `counts` answers. */
export type DepthSource = () => Promise<Record<string, number>>;

/** Which process this is, on `ponte_process_info` (docs/adr/0068). */
export interface ProcessIdentity {
  role: string;
  processId: string;
}

/**
 * `ponte_queue_depth{queue,state}`: the executions queue (`executions`) and the internal queues
 * added up (`internal`), read from the queues when scraped. A queue that does not answer leaves
 * its series out of that scrape rather than failing /metrics.
 */
function queueDepthGauge(registry: Registry, sources: Map<string, DepthSource>) {
  new Gauge({
    name: 'ponte_queue_depth',
    help: 'Trabalhos nas filas, pelo estado: a fila de execuções e as filas internas somadas.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await Promise.all(
        [...sources].map(async ([queue, read]) => {
          const counts = await read().catch(() => null);
          for (const [state, value] of Object.entries(counts ?? {})) {
            this.set({ queue, state }, value);
          }
        }),
      );
    },
  });
}

/**
 * The Prometheus metrics of one app instance, in its own registry (two apps in one test
 * process never share a counter).
 */
export function createMetrics(identity: ProcessIdentity = { role: 'all', processId: 'local' }) {
  const registry = new Registry();
  // Process metrics, the event-loop lag (`nodejs_eventloop_lag_seconds`) among them.
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'ponte_process_info',
    help: 'Este processo: o papel (PONTE_ROLE) e o identificador entre os processos do Ponte.',
    labelNames: ['role', 'process_id'] as const,
    registers: [registry],
  }).set({ role: identity.role, process_id: identity.processId }, 1);
  const depthSources = new Map<string, DepthSource>();
  queueDepthGauge(registry, depthSources);

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
    ...logStreamMetrics(registry),
    render: () => registry.metrics(),
    countRequest(route: string, method: string, status: number) {
      httpRequests.inc({ route, method, status: String(status) });
    },
    countLogRows(count: number) {
      logRows.inc(count);
    },
    /** Where `ponte_queue_depth` reads the executions queue and the internal queues' total. */
    observeQueues(sources: { executions?: DepthSource; internal?: DepthSource }) {
      if (sources.executions) depthSources.set('executions', sources.executions);
      if (sources.internal) depthSources.set('internal', sources.internal);
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
