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
  OutboundSpan,
} from './execution-trace';

const propagator = new W3CTraceContextPropagator();

/** The caller's span from a W3C `traceparent` (an invalid one is ignored: a new trace). */
function parentOf(traceparent: string | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return propagator.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter);
}

/**
 * A node's run, as the engine tells its end: the span is made then, back-dated by its
 * duration, so nothing is done when the node starts (docs/adr/0128).
 */
function nodeSpan(
  tracer: Tracer,
  parent: Context,
  event: Extract<EngineEvent, { type: 'node_finished' | 'node_failed' }>,
  name: string,
  attempt: number,
) {
  const failed = event.type === 'node_failed';
  const span = tracer.startSpan(
    `node ${event.node_type}`,
    {
      startTime: event.timestamp - event.duration_ms,
      attributes: {
        'ponte.node.uid': event.node_uid,
        'ponte.node.type': event.node_type,
        'ponte.node.name': name,
        'ponte.node.status': failed ? (event.handled ? 'handled_error' : 'error') : 'success',
        'ponte.node.items_in': 1,
        'ponte.node.items_out': failed ? 0 : event.outputs.length,
        'ponte.node.attempt': attempt,
      },
    },
    parent,
  );
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message: event.error.message });
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

function executionTrace(
  tracer: Tracer,
  root: Span,
  nameOf: ExecutionSpanInfo['nodeName'],
): ExecutionTrace {
  const parent = trace.setSpan(ROOT_CONTEXT, root);
  /** The attempt a node's next run is (set when a failed run will be tried again). */
  const attempts = new Map<string, number>();
  return {
    traceId: root.spanContext().traceId,
    node(event) {
      if (event.type !== 'node_finished' && event.type !== 'node_failed') return;
      const attempt =
        event.type === 'node_failed' && event.attempt
          ? event.attempt
          : (attempts.get(event.node_uid) ?? 1);
      if (event.type === 'node_failed' && event.retry)
        attempts.set(event.node_uid, event.retry.attempt);
      else attempts.delete(event.node_uid);
      nodeSpan(tracer, parent, event, nameOf(event.node_uid, event.node_type), attempt);
    },
    outbound: (method, url) => outboundSpan(tracer, parent, method, url),
    async statements(name, write) {
      const span = tracer.startSpan(
        name,
        { attributes: { 'db.system.name': 'postgresql' } },
        parent,
      );
      try {
        return await write();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
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
    start(info, traceparent) {
      const root = tracer.startSpan(
        'execution',
        {
          kind: SpanKind.INTERNAL,
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
