import { AsyncLocalStorage } from 'node:async_hooks';
import { loadOnce } from '@ponte/shared/load-once';
import type { ExecutionTrace, ExecutionTracer } from './execution-trace';

export type {
  ExecutionSpanInfo,
  ExecutionTrace,
  ExecutionTracer,
  OutboundSpan,
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
let active: AsyncLocalStorage<ExecutionTrace> | undefined;

/** Runs `work` with `trace` as the trace its outbound calls join. */
export function runTraced<T>(trace: ExecutionTrace, work: () => T): T {
  active ??= new AsyncLocalStorage<ExecutionTrace>();
  return active.run(trace, work);
}

/** The trace of the execution this code runs for, if it is traced. */
export function activeTrace(): ExecutionTrace | undefined {
  return active?.getStore();
}
