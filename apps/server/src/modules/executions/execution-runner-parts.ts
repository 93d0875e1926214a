import type { ExecutionRow } from './executions.repository';
import type { createExecutionsRepository } from './executions.repository';
import type { ExecutionQueueConsumer } from './queue/execution-queue-driver';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { createExpiringCache } from '../../lib/expiring-cache';
import type { FlowRow } from '../flows/flows.repository';
import { createExecutionEnds } from './execution-ends';
import { createSnapshotMemory, withoutWrittenSnapshots } from './execution-data';
import { executionsQueue, type ResumeRequest, type RunnerContext } from './execution-enqueue';
import type { ExecutionRunnerDeps } from './execution-runner-deps';
import { createWriteOnce } from './execution-write-once';

// The runner's parts that do not run an execution: its reads, stops, resumes, ends and close.

/**
 * The flow's first enabled trigger node of `type` (a flow called by another flow, an error
 * flow); fails with a pt-BR message when the flow has none.
 */
export async function firstTrigger(
  loadFlow: RunnerContext['loadFlow'],
  workspaceId: string,
  flowId: string,
  type: string,
): Promise<string> {
  const flow = await loadFlow(workspaceId, flowId);
  if (!flow) throw new Error('O flow chamado não existe neste workspace.');
  const node = (flow.data as FlowDocument).nodes.find((n) => n.type === type && !n.disabled);
  if (!node) throw new Error(`O flow "${flow.name}" não tem um gatilho ${type}.`);
  return node.uid;
}

/**
 * A waiting execution goes on (docs/adr/0100): queued again, its job resuming at the node that
 * waited. False when it was not waiting (any more): one decision resumes it.
 */
export async function resumeExecution(
  ctx: RunnerContext,
  workspaceId: string,
  executionId: string,
  resume: ResumeRequest,
): Promise<boolean> {
  const row = await ctx.repository.resumeWaiting(workspaceId, executionId);
  if (!row) return false;
  const flow = await ctx.loadFlow(workspaceId, row.flowId);
  await ctx.deps.queue.enqueue(executionsQueue, {
    workspaceId,
    concurrencyKey: row.flowId,
    concurrencyLimit: flow?.config.rate_limit ?? 0,
    payload: { execution_id: row.id, msg: resume.msg, resume, ...ctx.ownership.markOf(false) },
  });
  return true;
}

/** The flow of the workspace as executions read it, through a short cache. */
export function cachedFlows(
  cache: ReturnType<typeof createExpiringCache<string, FlowRow>>,
  flows: ExecutionRunnerDeps['flows'],
) {
  return async (workspaceId: string, flowId: string) => {
    const cached = cache.get(flowId);
    if (cached) return cached.workspaceId === workspaceId ? cached : null;
    const row = await flows.find(workspaceId, flowId);
    if (row) cache.set(flowId, row);
    return row;
  };
}

/** Stops an execution of the workspace, whatever its state (`runner.stop`). */
export async function stopExecution(
  ctx: RunnerContext,
  workspaceId: string,
  executionId: string,
): Promise<boolean> {
  const { repository, deps } = ctx;
  // Started moments ago, its row may still wait for its end (docs/adr/0129).
  await ctx.writeOnce.flush(executionId);
  const execution = await repository.findInWorkspace(workspaceId, executionId);
  if (!execution) return false;
  const error = { message: 'Execução interrompida.' };
  if (execution.status === 'waiting')
    return repository.stopWaiting(workspaceId, executionId, deps.now(), error);
  if (execution.status === 'queued') return repository.withdraw(executionId, deps.now(), error);
  return ctx.stopRunning(execution);
}

/** The log line of ends refused because their rows were no longer running. */
export function refusedEnds(ids: string[]): Error {
  return new Error(
    `Fim de execução não gravado: a execução já tinha sido marcada como crashed (o processo ficou sem renovar sua concessão) (${ids.join(', ')}).`,
  );
}

/** The log line of executions the reaper marked crashed. */
export function crashedBy(onError: (error: unknown) => void) {
  return (rows: ExecutionRow[]) =>
    onError(
      new Error(
        `Execuções marcadas como crashed: o processo que as rodava parou (${rows.map((row) => row.id).join(', ')}).`,
      ),
    );
}

/** Stops the consumer, then gives the ends and the log lines their last try. */
export async function closeRunner(
  consumer: ExecutionQueueConsumer | null,
  ctx: RunnerContext,
  graceMs: number,
  handBack: boolean,
): Promise<void> {
  const { ends, deps, ownership } = ctx;
  // A run that ended but waits for its end to be written would keep the consumer waiting.
  const lastTry = setTimeout(() => void ends.close(), graceMs);
  try {
    await consumer?.stop(graceMs, { handBack });
  } finally {
    clearTimeout(lastTry);
  }
  // Rows still waiting for their end: written, so that the next start knows of them.
  await ctx.writeOnce.close();
  await ends.close();
  await deps.logs.close();
  await ownership.close();
}

/**
 * The runner's ends (execution-ends.ts), written with the node data they carry; each flow
 * version's snapshot goes once per process while remembered.
 */
export function createRunnerEnds(
  repository: ReturnType<typeof createExecutionsRepository>,
  onError: ((error: unknown) => void) | undefined,
) {
  const snapshots = createSnapshotMemory();
  return createExecutionEnds({
    write: async (items) => {
      const refused = await repository.finishAll(withoutWrittenSnapshots(items, snapshots));
      for (const { id, data } of items)
        if (data && !refused.includes(id)) snapshots.remember(data.flowId, data.flowHash);
      if (refused.length) onError?.(refusedEnds(refused));
    },
    ...(onError ? { onError } : {}),
  });
}

/** The rows of executions whose caller waits, written once when they end soon (ADR 0129). */
export function runnerWriteOnce(
  repository: ReturnType<typeof createExecutionsRepository>,
  deps: ExecutionRunnerDeps,
) {
  return createWriteOnce({
    writeStart: (row, triggerJson) => repository.createStart(row, triggerJson),
    ...(deps.writeOnceWindowMs ? { windowMs: deps.writeOnceWindowMs } : {}),
    ...(deps.onError ? { onError: deps.onError } : {}),
  });
}
