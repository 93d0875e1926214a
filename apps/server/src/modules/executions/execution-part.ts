import type { ExecutionResult } from '@ponte/engine/executor/events';
import type { KeptExecutionData } from './execution-data';
import type { JobPayload, RunnerContext } from './execution-enqueue';
import type { createLogKeeper } from './execution-keeping';
import { parkedAfter } from './execution-retries';
import type { ExecutionRow } from './executions.repository';
import { logRowOf } from '../logs/log-writer';
import type { PersonalDataMasking } from './personal-data-masking';
import type { ExecutionTrace } from '../../adapters/tracing/tracing';

/**
 * The execution's row turns running here (`started`: it was written so): from queued, or from
 * waiting for the new attempts of the wait `waitSeq` (docs/adr/0110). False: not to run.
 */
export async function markStarted(
  ctx: RunnerContext,
  execution: ExecutionRow,
  payload: JobPayload,
  at: Date,
  flowVersion: number | null,
): Promise<boolean> {
  if (payload.started) return true;
  const owner = ctx.ownership.processId;
  return payload.retries
    ? ctx.repository.resumeRunning(execution.id, payload.waitSeq ?? 0, at, owner, flowVersion)
    : ctx.repository.markRunning(execution.id, at, owner, flowVersion);
}

/**
 * The end of a part: what earlier parts left waiting stays with this part's own waits
 * (docs/adr/0110), then the log lines kept, the node data and the row, in one write retried
 * while the database is away; the process wakes for the next attempt it left.
 */
export async function recordEnd(
  ctx: RunnerContext,
  execution: ExecutionRow,
  payload: JobPayload,
  result: ExecutionResult,
  part: {
    keeper: ReturnType<typeof createLogKeeper>;
    data: (status: ExecutionResult['status']) => KeptExecutionData | undefined;
    flowVersion: number | null;
    /** The execution stores personal data masked (docs/adr/0122). */
    masking: PersonalDataMasking | null;
    /** Its trace (docs/adr/0131): the end's statements get a span, the row its trace id. */
    trace?: ExecutionTrace | undefined;
  },
): Promise<ExecutionResult> {
  const endedAt = ctx.deps.now();
  const parked = parkedAfter(execution, payload, result, endedAt);
  const ended = { ...result, status: parked.status };
  const lines = part.keeper.end(ended.status);
  // Its start never written: the row goes in whole; its lines go with it (docs/adr/0129).
  const once = ctx.writeOnce.take(execution.id);
  const data = part.data(ended.status);
  const { masking } = part;
  const error =
    result.error && masking
      ? { ...result.error, message: masking.text(result.error.message) }
      : (result.error ?? null);
  const { trace } = part;
  // Waits while the database is away (the end is retried); settles even if it was given up.
  const write = () =>
    ctx.ends.record(
      execution.id,
      {
        status: ended.status,
        endedAt,
        durationMs: result.execution_time,
        steps: result.steps,
        error,
        flowVersion: part.flowVersion,
        waits: masking ? masking.waits(parked.waits) : parked.waits,
        resume: parked.resume,
        resumeAt: parked.resumeAt,
        ...(trace ? { traceId: trace.traceId } : {}),
      },
      data,
      once,
      lines.map(logRowOf),
    );
  const stored = await (trace ? trace.statements('execution end write', write) : write());
  trace?.end(ended.status);
  ctx.writeOnce.ended(execution.id, stored);
  if (stored && lines.length) ctx.deps.logs.counted?.(lines.length);
  if (parked.resumeAt) ctx.wakeRetriesAt(parked.resumeAt);
  return ended;
}
