import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  defaultTextMapGetter,
  defaultTextMapSetter,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { EngineEvent } from '@ponte/engine/executor/events';
import type {
  ExecutionSpanInfo,
  ExecutionTrace,
  ExecutionTracer,
  NodeRunTrace,
  OutboundSpan,
  TraceContext,
} from './execution-trace';

const propagator = new W3CTraceContextPropagator();

/** The caller's span from a W3C `traceparent` (an invalid one is ignored: a new trace). */
function parentOf(traceparent: string | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return propagator.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter);
}

type NodeEnd = Extract<EngineEvent, { type: 'node_finished' | 'node_failed' }>;

const isNodeEnd = (event: EngineEvent): event is NodeEnd =>
  event.type === 'node_finished' || event.type === 'node_failed';

/** What one execution's spans share: the tracer, the nodes' names, their attempts. */
interface TraceScope {
  tracer: Tracer;
  traceId: string;
  nameOf: ExecutionSpanInfo['nodeName'];
  /** The attempt a node's next run is (set when a failed run will be tried again). */
  attempts: Map<string, number>;
}

/** The run's attempt, counting the failed runs that will be tried again. */
function attemptOf(attempts: TraceScope['attempts'], event: NodeEnd): number {
  const attempt =
    event.type === 'node_failed' && event.attempt
      ? event.attempt
      : (attempts.get(event.node_uid) ?? 1);
  if (event.type === 'node_failed' && event.retry)
    attempts.set(event.node_uid, event.retry.attempt);
  else attempts.delete(event.node_uid);
  return attempt;
}

/** What a node's end says on its span (status, items, attempt). */
function endOf(span: Span, event: NodeEnd, attempt: number) {
  const failed = event.type === 'node_failed';
  span.setAttributes({
    'ponte.node.status': failed ? (event.handled ? 'handled_error' : 'error') : 'success',
    'ponte.node.items_in': 1,
    'ponte.node.items_out': failed ? 0 : event.outputs.length,
    'ponte.node.attempt': attempt,
  });
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message: event.error.message });
}

const nodeAttributes = (scope: TraceScope, uid: string, type: string) => ({
  'ponte.node.uid': uid,
  'ponte.node.type': type,
  'ponte.node.name': scope.nameOf(uid, type),
});

/**
 * A node's run the engine tells only by its end (a pinned node, an agent's tool): the span
 * is made then, back-dated by its duration.
 */
function endedNodeSpan(scope: TraceScope, parent: Context, event: NodeEnd) {
  const span = scope.tracer.startSpan(
    `node ${event.node_type}`,
    {
      startTime: event.timestamp - event.duration_ms,
      attributes: nodeAttributes(scope, event.node_uid, event.node_type),
    },
    parent,
  );
  endOf(span, event, attemptOf(scope.attempts, event));
  span.end(event.timestamp);
}

function outboundSpan(tracer: Tracer, parent: Context, method: string, url: URL): OutboundSpan {
  const span = tracer.startSpan(
    `HTTP ${method}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': method,
        'server.address': url.hostname,
        ...(url.port ? { 'server.port': Number(url.port) } : {}),
        'url.scheme': url.protocol.replace(/:$/, ''),
      },
    },
    parent,
  );
  const headers: Record<string, string> = {};
  propagator.inject(trace.setSpan(parent, span), headers, defaultTextMapSetter);
  return {
    headers,
    end({ status, error }) {
      if (status !== undefined) span.setAttribute('http.response.status_code', status);
      if (error !== undefined || (status !== undefined && status >= 500))
        span.setStatus({ code: SpanStatusCode.ERROR, ...(error ? { message: error } : {}) });
      span.end();
    },
  };
}

async function statementsSpan<T>(
  tracer: Tracer,
  parent: Context,
  name: string,
  write: () => Promise<T>,
): Promise<T> {
  const span = tracer.startSpan(name, { attributes: { 'db.system.name': 'postgresql' } }, parent);
  try {
    return await write();
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/** The spans whose parent is `parent`: the execution's span or a node run's. */
function traceWithin(scope: TraceScope, parent: Context): TraceContext {
  return {
    traceId: scope.traceId,
    node(event) {
      if (isNodeEnd(event)) endedNodeSpan(scope, parent, event);
    },
    outbound: (method, url) => outboundSpan(scope.tracer, parent, method, url),
    statements: (name, write) => statementsSpan(scope.tracer, parent, name, write),
    statementsRan(name, startTime, end) {
      const attributes = { 'db.system.name': 'postgresql' };
      scope.tracer.startSpan(name, { startTime, attributes }, parent).end(end);
    },
    nodeRun: (node) => nodeRunTrace(scope, parent, node),
  };
}

/**
 * A node run's span, started when the run starts so that what the node does (its calls, its
 * statements) is a child of it; its end event gives the rest.
 */
function nodeRunTrace(
  scope: TraceScope,
  parent: Context,
  node: { uid: string; type: string },
): NodeRunTrace {
  const span = scope.tracer.startSpan(
    `node ${node.type}`,
    { attributes: nodeAttributes(scope, node.uid, node.type) },
    parent,
  );
  const within = traceWithin(scope, trace.setSpan(parent, span));
  let open = true;
  return {
    ...within,
    node(event) {
      if (!open || !isNodeEnd(event) || event.node_uid !== node.uid) return within.node(event);
      open = false;
      endOf(span, event, attemptOf(scope.attempts, event));
      span.end();
    },
    close() {
      if (!open) return;
      open = false;
      span.setAttribute('ponte.node.status', 'interrupted');
      span.end();
    },
  };
}

function executionTrace(
  tracer: Tracer,
  root: Span,
  nameOf: ExecutionSpanInfo['nodeName'],
): ExecutionTrace {
  const traceId = root.spanContext().traceId;
  const scope: TraceScope = { tracer, traceId, nameOf, attempts: new Map() };
  return {
    ...traceWithin(scope, trace.setSpan(ROOT_CONTEXT, root)),
    end(status, error) {
      root.setAttribute('ponte.execution.status', status);
      if (status === 'error')
        root.setStatus({ code: SpanStatusCode.ERROR, ...(error ? { message: error } : {}) });
      root.end();
    },
  };
}

/**
 * The OpenTelemetry SDK as Ponte uses it (docs/adr/0131): the standard `OTEL_*` variables
 * (endpoint, headers, sampler, batch, resource), spans exported by OTLP/HTTP; the service
 * is `ponte` unless `OTEL_SERVICE_NAME` or `OTEL_RESOURCE_ATTRIBUTES` name another.
 */
export function createExecutionTracer(): ExecutionTracer {
  const detected = detectResources({ detectors: [envDetector] });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'ponte', ...detected.attributes }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  const tracer = provider.getTracer('ponte');
  return {
    start(info, traceparent, startTime) {
      const root = tracer.startSpan(
        'execution',
        {
          kind: SpanKind.INTERNAL,
          ...(startTime === undefined ? {} : { startTime }),
          attributes: {
            'ponte.execution.id': info.executionId,
            'ponte.flow.id': info.flowId,
            'ponte.workspace.id': info.workspaceId,
            'ponte.trigger.type': info.triggerType,
            'ponte.execution.mode': info.mode,
          },
        },
        parentOf(traceparent),
      );
      return executionTrace(tracer, root, info.nodeName);
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
