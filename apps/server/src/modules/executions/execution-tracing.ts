import type { EngineEvent } from '@ponte/engine/executor/events';
import { activeTrace, runTraced, type ExecutionTrace } from '../../adapters/tracing/tracing';
import type { JobPayload, RunnerContext } from './execution-enqueue';
import type { ExecutionRow } from './executions.repository';
import type { NodeNamer } from './execution-logs';

/**
 * The execution's trace (docs/adr/0131), child of the caller's `traceparent`; undefined when
 * tracing is off, and then nothing else of tracing runs for it.
 */
export async function startTrace(
  ctx: RunnerContext,
  execution: ExecutionRow,
  payload: JobPayload,
  nodeName: NodeNamer,
  /** When the part began, and when its row's start write ended (none when not written). */
  began: { at: number; written?: number },
): Promise<ExecutionTrace | undefined> {
  const { tracer } = ctx.deps;
  if (!tracer) return undefined;
  const info = {
    executionId: execution.id,
    flowId: execution.flowId,
    workspaceId: execution.workspaceId,
    triggerType: execution.triggerType,
    mode: execution.mode,
    nodeName,
  };
  const trace = (await tracer()).start(info, payload.traceparent, began.at);
  if (began.written !== undefined)
    trace.statementsRan('execution start write', began.at, began.written);
  return trace;
}

/** Now, for the spans of a traced part (ms since the epoch); 0 untraced (nothing is read). */
export const traceClock = (ctx: RunnerContext): number => (ctx.deps.tracer ? Date.now() : 0);

/**
 * The engine's events, each node's end also becoming its span when traced: the span of the
 * node run the event comes from (`tracedNodes`), else the execution's.
 */
export function tracedEvents(
  trace: ExecutionTrace | undefined,
  onEvent: (event: EngineEvent) => void,
): (event: EngineEvent) => void {
  if (!trace) return onEvent;
  return (event) => {
    const current = activeTrace();
    (current?.traceId === trace.traceId ? current : trace).node(event);
    onEvent(event);
  };
}

/**
 * The engine's `aroundNode` when traced: each node run gets its span, started with the run,
 * and runs in it, so the calls and statements it makes (through its ports, its sandboxed
 * code's too) are children of its node's span, parallel branches each under their own.
 */
export function tracedNodes(trace: ExecutionTrace | undefined) {
  if (!trace) return {};
  return {
    aroundNode<T>(node: { uid: string; type: string }, run: () => Promise<T>): Promise<T> {
      const nodeRun = trace.nodeRun(node);
      return runTraced(nodeRun, run).finally(() => nodeRun.close());
    },
  };
}
