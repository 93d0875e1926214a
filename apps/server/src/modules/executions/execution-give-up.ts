import type { ExecutionSaveLevel } from '@ponte/shared/flows.schema';
import { messages } from '@ponte/shared/messages';
import type { ExecutionQueueDriver } from './queue/execution-queue-driver';
import type { FlowRow } from '../flows/flows.repository';
import type { LogWriter } from '../logs/log-writer';
import { createLogKeeper, saveLevelOf } from './execution-keeping';
import type { Waiter } from './execution-ownership';
import type { ExecutionRow, ExecutionsRepository, UnawaitedRow } from './executions.repository';

const m = messages.unawaited;

/**
 * Who stopped waiting for an execution's answer: a webhook or a public form whose wait of
 * `waitedMs` ran out, or the flow that called it ("Executar flow") and was itself stopped.
 */
export type Caller = { kind: 'webhook' | 'form' | 'mcp'; waitedMs: number } | { kind: 'flow' };

/**
 * `withdrawn`: it had not started and never will (the caller may say "try again"); `started`:
 * it runs, and now knows nobody waits (the flow's option decides whether it goes on); `ended`:
 * it had already ended.
 */
export type GiveUpOutcome = 'withdrawn' | 'started' | 'ended';

export interface GiveUpDeps {
  repository: ExecutionsRepository;
  queue: Pick<ExecutionQueueDriver, 'remove'>;
  logs: Pick<LogWriter, 'write'>;
  now: () => Date;
  executionSave: ExecutionSaveLevel;
  waiters: Map<string, Waiter>;
  /** Rows created here and not started yet. */
  created: Map<string, ExecutionRow>;
  loadFlow(workspaceId: string, flowId: string): Promise<FlowRow | null>;
  /** Stops a running execution, in this process or in its owner's. */
  stop(row: UnawaitedRow): Promise<void>;
  /** Writes the row of an execution started moments ago, if it waits for its end (ADR 0129). */
  flush(id: string): Promise<void>;
}

export interface GivenUp {
  id: string;
  workspaceId: string;
  flowId: string;
  triggerNodeUid: string;
  /** Its job in the queue, when it was queued (null: it started at once). */
  jobId: string | null;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Why an execution was withdrawn before it started, for its row and its log line. */
function notStarted(caller: Caller): string {
  if (caller.kind === 'flow') return m.notStartedFlow;
  const waited = seconds(caller.waitedMs);
  if (caller.kind === 'mcp') return m.notStartedMcp(waited);
  return caller.kind === 'webhook' ? m.notStartedWebhook(waited) : m.notStartedForm(waited);
}

/** Who stopped waiting for a running execution, for its log line. */
function unawaited(caller: Caller): string {
  if (caller.kind === 'flow') return m.flow;
  if (caller.kind === 'mcp') return m.mcp(seconds(caller.waitedMs));
  return caller.kind === 'webhook'
    ? m.webhook(seconds(caller.waitedMs))
    : m.form(seconds(caller.waitedMs));
}

/** Seconds a caller told "not now" should wait before trying again: as long as it waited. */
export const retryAfterSeconds = seconds;

/**
 * The caller stops waiting for the execution's answer (docs/adr/0076). Still queued, it is
 * withdrawn: its row ends as stopped without ever starting (the same conditional update as
 * the start, so exactly one wins, in any process), its job leaves the queue and its waiter
 * gets a stopped result. Running, its row records `unawaited_at`, a line says so in its logs,
 * and the flow's `config.continue_unawaited` decides: it goes on (default), or is stopped.
 */
export async function giveUpExecution(
  deps: GiveUpDeps,
  execution: GivenUp,
  caller: Caller,
): Promise<GiveUpOutcome> {
  const { id, workspaceId, flowId } = execution;
  await deps.flush(id);
  const at = deps.now();
  const flow = await deps.loadFlow(workspaceId, flowId);
  const level = saveLevelOf(flow?.config.save_executions, deps.executionSave, false);
  const keeper = createLogKeeper(level, deps.logs);
  const line = (label: string, message: string) =>
    keeper.write({
      workspaceId,
      flowId,
      executionId: id,
      nodeUid: execution.triggerNodeUid,
      type: 'internal',
      label,
      message,
      createdAt: at,
    });
  const reason = notStarted(caller);
  if (await deps.repository.withdraw(id, at, { message: reason })) {
    deps.created.delete(id);
    // A consumer that took the job already finds the row no longer queued and skips it.
    if (execution.jobId) await deps.queue.remove(execution.jobId).catch(() => false);
    line(m.notStartedLabel, reason);
    keeper.end('stopped');
    const waiter = deps.waiters.get(id);
    deps.waiters.delete(id);
    const error = { message: reason };
    waiter?.resolve({ execution_id: id, status: 'stopped', error, execution_time: 0, steps: 0 });
    return 'withdrawn';
  }
  const row = await deps.repository.markUnawaited(id, at);
  if (!row) return 'ended';
  const goesOn = flow?.config.continue_unawaited !== false;
  line(m.label, `${unawaited(caller)} ${goesOn ? m.continues : m.stops}`);
  keeper.end(goesOn ? 'success' : 'stopped');
  if (!goesOn) await deps.stop(row);
  return 'started';
}
