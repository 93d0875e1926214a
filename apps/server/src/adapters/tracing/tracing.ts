import { AsyncLocalStorage } from 'node:async_hooks';
import { loadOnce } from '@ponte/shared/load-once';
import type { ExecutionTracer, TraceContext } from './execution-trace';

export type {
  ExecutionSpanInfo,
  ExecutionTrace,
  ExecutionTracer,
  NodeRunTrace,
  OutboundSpan,
  TraceContext,
} from './execution-trace';

/**
 * Tracing is on when an OTLP endpoint is set (`OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) and `OTEL_SDK_DISABLED` is not true.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim(),
  );
}

/**
 * The tracer, loaded on its first use (the SDK is never imported while tracing is off), or
 * undefined when tracing is off: callers then do nothing per execution or node.
 */
export function executionTracerOf(
  env: NodeJS.ProcessEnv = process.env,
): (() => Promise<ExecutionTracer>) | undefined {
  if (!tracingConfigured(env)) return undefined;
  return loadOnce(() => import('./tracing-sdk').then((sdk) => sdk.createExecutionTracer()));
}

/** Made on the first traced execution: while tracing is off, no async context is kept. */
let active: AsyncLocalStorage<TraceContext> | undefined;

/**
 * Runs `work` with `trace` as the trace its outbound calls and statement groups join: an
 * execution's, or a node run's within it.
 */
export function runTraced<T>(trace: TraceContext, work: () => T): T {
  active ??= new AsyncLocalStorage<TraceContext>();
  return active.run(trace, work);
}

/** The trace (execution or node run) this code runs for, if it is traced. */
export function activeTrace(): TraceContext | undefined {
  return active?.getStore();
}
