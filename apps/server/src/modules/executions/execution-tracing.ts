import type { EngineEvent } from '@ponte/engine/executor/events';
import type { ExecutionTrace } from '../../adapters/tracing/tracing';
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
  return (await tracer()).start(info, payload.traceparent);
}

/** The engine's events, each node's end also becoming its span when traced. */
export function tracedEvents(
  trace: ExecutionTrace | undefined,
  onEvent: (event: EngineEvent) => void,
): (event: EngineEvent) => void {
  if (!trace) return onEvent;
  return (event) => {
    trace.node(event);
    onEvent(event);
  };
}
