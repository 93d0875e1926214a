import type { EngineEvent } from '@ponte/engine/executor/events';
import type { ExecuteOptions } from '@ponte/engine/executor/execute-options';
import { activeTrace, runTraced, type ExecutionTrace } from '../../adapters/tracing/tracing';
import type { JobPayload, RunnerContext } from './execution-enqueue';
import type { ExecutionRow } from './executions.repository';
import type { NodeNamer } from './execution-logs';
import { markStarted } from './execution-part';

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
const traceClock = (ctx: RunnerContext): number => (ctx.deps.tracer ? Date.now() : 0);

/**
 * The row turns running (`markStarted`: false when not to run), its start write timed for its
 * span when traced: here, or the insert of a slot's start, timed when it was enqueued.
 */
export async function timedStart(
  ctx: RunnerContext,
  execution: ExecutionRow,
  payload: JobPayload,
  startedAt: Date,
  flowVersion: number | null,
): Promise<{ marked: boolean; began: { at: number; written?: number } }> {
  const at = payload.startWrite?.[0] ?? traceClock(ctx);
  const marked = await markStarted(ctx, execution, payload, startedAt, flowVersion);
  const written = payload.started ? payload.startWrite?.[1] : traceClock(ctx);
  return { marked, began: { at, ...(written === undefined ? {} : { written }) } };
}

/**
 * The engine's events and node runs when traced: each node run gets its span, started with the
 * run, and runs in it, so the calls and statements it makes (through its ports, its sandboxed
 * code's too) are children of its node's span, parallel branches each under their own; a
 * node's end event ends the span of the run it comes from, else (a node told only by its end)
 * makes one under the execution's. Untraced: the events as they are, no `aroundNode`.
 */
export function tracedRun(
  trace: ExecutionTrace | undefined,
  onEvent: (event: EngineEvent) => void,
): Pick<ExecuteOptions, 'onEvent' | 'aroundNode'> {
  if (!trace) return { onEvent };
  return {
    onEvent(event) {
      const current = activeTrace();
      (current?.traceId === trace.traceId ? current : trace).node(event);
      onEvent(event);
    },
    aroundNode(node, run) {
      const nodeRun = trace.nodeRun(node);
      return runTraced(nodeRun, run).finally(() => nodeRun.close());
    },
  };
}
