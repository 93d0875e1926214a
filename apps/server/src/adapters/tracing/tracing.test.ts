import { describe, expect, it, vi } from 'vitest';
import { activeTrace, executionTracerOf, runTraced, tracingConfigured } from './tracing';
import type { ExecutionTrace } from './execution-trace';

const loaded = vi.hoisted(() => ({ sdk: 0 }));
vi.mock('./tracing-sdk', () => {
  loaded.sdk++;
  return { createExecutionTracer: () => ({ start: vi.fn(), flush: vi.fn(), shutdown: vi.fn() }) };
});

describe('tracing switch', () => {
  it('is off without an OTLP endpoint or when the SDK is disabled, and then loads no SDK', async () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
    expect(
      tracingConfigured({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_SDK_DISABLED: 'TRUE',
      }),
    ).toBe(false);
    expect(executionTracerOf({})).toBeUndefined();
    // Untraced code asks for the active trace and gets none.
    expect(activeTrace()).toBeUndefined();
    await Promise.resolve();
    expect(loaded.sdk).toBe(0);
  });

  it('loads the SDK once, on the first execution, when an endpoint is set', async () => {
    const tracer = executionTracerOf({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces',
    });
    expect(tracer).toBeDefined();
    expect(loaded.sdk).toBe(0);
    const first = await tracer!();
    expect(await tracer!()).toBe(first);
    expect(loaded.sdk).toBe(1);
  });

  it('gives the trace to code run within it only', async () => {
    const trace = { traceId: 'a'.repeat(32) } as ExecutionTrace;
    const seen = await runTraced(trace, async () => {
      await Promise.resolve();
      return activeTrace();
    });
    expect(seen).toBe(trace);
    expect(activeTrace()).toBeUndefined();
  });
});
