import { EventEmitter } from 'node:events';
import type { EngineEvent, ExecutionResult } from '@ponte/engine/executor/events';
import type { WebhookResponse } from '@ponte/engine/kit/context';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createExpiringCache } from '../../lib/expiring-cache';
import {
  HandedBack,
  type ExecutionQueueConsumer,
  type ExecutionJob,
} from './queue/execution-queue-driver';
import { singleProcess } from '../../cluster/cluster';
import type { FlowRow } from '../flows/flows.repository';
import { logsOf } from './execution-logs';
import { createLogKeeper, saveLevelOf } from './execution-keeping';
import { nodeNamer } from './node-namer';
import { startCapture } from './execution-data';
import {
  enqueueExecution,
  executionsQueue,
  type EditorRunRequest,
  type ExecutionRequest,
  type JobPayload,
  type ResumeRequest,
  type RunnerContext,
} from './execution-enqueue';
import { createExecutionOwnership, type Waiter } from './execution-ownership';
import type { ExecutionRunnerDeps } from './execution-runner-deps';
import { createExecutionsRepository, type ExecutionRow } from './executions.repository';
import { flowVersionRan } from './flow-version-ran';
import { createSubflowPort } from './subflow-port';
import { createRetrySweep } from './execution-retries';
import { recordEnd } from './execution-part';
import { maskingOf } from './personal-data-masking';
import { liveWatchersOf } from '../../lib/live-watchers';
import { runTraced } from '../../adapters/tracing/tracing';
import { startTrace, timedStart, tracedRun } from './execution-tracing';
import {
  cachedFlows,
  closeRunner,
  crashedBy,
  createRunnerEnds,
  firstTrigger,
  resumeExecution,
  runnerWriteOnce,
  stopExecution,
} from './execution-runner-parts';

export { executionsQueue };
export type { EditorRunRequest, EnqueuedExecution, ExecutionRequest } from './execution-enqueue';
export type { ExecutionRunnerDeps, RunnerDebugHooks } from './execution-runner-deps';

/** What the engine is told of an editor run: where it stops, and the document's pins. */
function editorOptionsOf({ document, destination }: EditorRunRequest) {
  return { destination, ...(document.pins ? { pins: document.pins } : {}) };
}

/** Runs one execution in the engine and records its outcome. */
/** The execution's flow was deleted before it started: it ends in error, saying so. */
async function endWithoutFlow(ctx: RunnerContext, execution: ExecutionRow, endedAt: Date) {
  const error = { message: 'O flow desta execução não existe mais.' };
  await ctx.ends.record(execution.id, { status: 'error', endedAt, durationMs: 0, steps: 0, error });
  return ctx.settle(execution, {
    execution_id: execution.id,
    status: 'error',
    error,
    execution_time: 0,
    steps: 0,
  });
}

/** Nothing is answered before the execution's row is stored (docs/adr/0129). */
function answeredOnceStored(
  writeOnce: RunnerContext['writeOnce'],
  id: string,
  answer: ((response: WebhookResponse) => void) | undefined,
) {
  return (
    answer &&
    ((response: WebhookResponse) => void writeOnce.stored(id).then(() => answer(response)))
  );
}

async function runExecution(
  ctx: RunnerContext,
  execution: ExecutionRow,
  payload: JobPayload,
  signal: AbortSignal,
): Promise<void> {
  const { deps, loadFlow, settle, events, controllers, stopping, waiters, ownership } = ctx;
  const { engine, logs, now } = deps;
  const flow = await loadFlow(execution.workspaceId, execution.flowId);
  const startedAt = now();
  if (!flow) return endWithoutFlow(ctx, execution, startedAt);
  // What ran: the version of the row read above, never the one the execution was queued under.
  const flowVersion = payload.rerun
    ? (payload.rerun.version ?? null)
    : flowVersionRan(flow, payload.editor);
  const { marked, began } = await timedStart(ctx, execution, payload, startedAt, flowVersion);
  if (!marked) return;
  events.emit('started', execution);
  const controller = new AbortController();
  controllers.set(execution.id, controller);
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort);
  const answer = waiters.get(execution.id)?.respond ?? ownership.respondFor(execution.id, payload);
  const respond = answeredOnceStored(ctx.writeOnce, execution.id, answer);
  // An editor run runs the editor's document (saved or not); the saved flow gives the rest.
  const document =
    payload.editor?.document ?? payload.rerun?.document ?? (flow.data as FlowDocument);
  const nodes = (await deps.customNodes?.definitionsFor(execution.workspaceId, document)) ?? [];
  const nameOf = nodeNamer(document, engine, nodes);
  const trace = await startTrace(ctx, execution, payload, nameOf, began);
  // The flow's debug session steps through its own runs, never the editor's.
  const debug = payload.editor ? undefined : deps.debug?.attach(execution);
  const saving = deps.executionSave ?? 'all';
  const level = saveLevelOf(flow.config.save_executions, saving, Boolean(debug));
  // Written with its end (docs/adr/0129): the lines to store go in the end's statement.
  const holding = ctx.writeOnce.holds(execution.id) || Boolean(payload.writeOnce);
  const keeper = createLogKeeper(level, logs, holding);
  // Decided when it was enqueued (docs/adr/0122): the run gets the real values, what is
  // stored of it (lines, node data, error) is masked once, here.
  const masking = maskingOf(execution.personalDataMasked, flow.config.lgpd);
  const capture = startCapture(
    level,
    execution.mode,
    Boolean(debug),
    deps.executionData ?? 'on',
    masking,
  );
  const logged = (event: EngineEvent) => {
    const entries = logsOf(event, execution.workspaceId, nameOf);
    const stored = masking ? entries.map(masking.entry) : entries;
    for (const entry of stored) keeper.write(entry);
    // The debugger shows the real lines to whom may see them, the stored ones to the others;
    // the live status (every role watching the flow) gets a running node's text masked.
    events.emit(
      'event',
      masking ? masking.live(event) : event,
      execution.workspaceId,
      entries,
      masking ? stored : undefined,
    );
  };
  let result: ExecutionResult;
  try {
    const run = () =>
      engine.execute({
        executionId: execution.id,
        workspaceId: execution.workspaceId,
        flowId: execution.flowId,
        ...(payload.chainDepth ? { chainDepth: payload.chainDepth } : {}),
        flow: document,
        flowVariables: flow.variables,
        ...(nodes.length ? { nodes } : {}),
        trigger: { nodeUid: execution.triggerNodeUid, msg: payload.msg },
        ...(payload.startAt ? { startAt: payload.startAt } : {}),
        ...(payload.resume ? { resume: payload.resume } : {}),
        ...(payload.retries ? { retries: payload.retries } : {}),
        // Waits between attempts end the part and resume later, unless someone holds the run:
        // the editor, the debugger, a webhook or a calling flow waiting for its answer (ADR 0110).
        ...(payload.editor || debug || respond || payload.awaited ? {} : { durableWaits: true }),
        // Pins and the destination are the editor's only: production runs never pass them.
        ...(payload.editor ? { editor: editorOptionsOf(payload.editor) } : {}),
        signal: controller.signal,
        ...(debug ? { debug } : {}),
        ...(respond ? { respond } : {}),
        flows: ctx.flows,
        ...(capture ? { capture: capture.record } : {}),
        ...tracedRun(trace, logged),
        // node_started and node_progress only while an editor shows this flow live (ADR 0128).
        watched: () => liveWatchersOf(events).watching(execution.flowId),
      });
    result = await (trace ? runTraced(trace, run) : run());
  } finally {
    if (debug) deps.debug?.detach(execution);
    signal.removeEventListener('abort', onAbort);
    controllers.delete(execution.id);
    stopping.delete(execution.id);
  }
  // A worker stopping hands its execution back: queued again, for another process.
  if (signal.reason instanceof HandedBack) {
    keeper.release();
    trace?.end('handed_back');
    return handBack(ctx, execution, payload);
  }
  const ended = await recordEnd(ctx, execution, payload, result, {
    keeper,
    data: (status) => capture?.end(status, execution, document),
    flowVersion,
    masking,
    trace,
  });
  settle(execution, ended);
  await ownership.forward(execution.id, payload, ended);
}

/**
 * The execution's row goes back to queued (if still this process's); started from a slot it
 * had no job, so one is written for it. The enqueuer keeps waiting for its result.
 */
async function handBack(ctx: RunnerContext, execution: ExecutionRow, payload: JobPayload) {
  const { repository, ownership, deps, loadFlow } = ctx;
  // A row still waiting for its end is written first: it goes back to the queue.
  await ctx.writeOnce.flush(execution.id);
  ctx.writeOnce.ended(execution.id, true);
  // New attempts wait again, due now: the job the driver puts back (or the sweep) runs them.
  if (payload.retries)
    return void (await repository.handBackWaiting(execution.id, ownership.processId, deps.now()));
  if (!(await repository.handBack(execution.id, ownership.processId))) return;
  if (!payload.started) return;
  const flow = await loadFlow(execution.workspaceId, execution.flowId);
  const { started: _started, ...job } = payload;
  const respond = ctx.waiters.get(execution.id)?.respond !== undefined;
  await deps.queue.enqueue(executionsQueue, {
    workspaceId: execution.workspaceId,
    concurrencyKey: execution.flowId,
    concurrencyLimit: flow?.config.rate_limit ?? 0,
    payload: { ...job, ...ownership.markOf(respond) },
  });
}

/** A job of the queue: the execution it names runs, unless it was stopped or ran already. */
async function consumeJob(
  ctx: RunnerContext,
  job: ExecutionJob,
  signal: AbortSignal,
): Promise<void> {
  const { deps, repository, created } = ctx;
  const run = (execution: ExecutionRow, payload: JobPayload, signal: AbortSignal) =>
    runExecution(ctx, execution, payload, signal);
  const payload = job.payload as JobPayload;
  const known = created.get(payload.execution_id);
  created.delete(payload.execution_id);
  const execution = known ?? (await repository.find(payload.execution_id));
  const expected = payload.started ? 'running' : payload.retries ? 'waiting' : 'queued';
  if (!execution || execution.status !== expected) return;
  await run(execution, payload, signal).catch((error: unknown) => deps.onError?.(error));
}

/**
 * Runs every execution through the queue driver: enqueue writes the execution row and the job;
 * the consumer loads the flow, runs it in the engine, turns its events into logs and records
 * the outcome. A flow's `config.rate_limit` caps its simultaneous executions.
 */
export function createExecutionRunner(deps: ExecutionRunnerDeps) {
  const { db, queue, now } = deps;
  const repository = createExecutionsRepository(db);
  const cluster = deps.cluster ?? singleProcess();
  const ends = createRunnerEnds(repository, deps.onError);
  const waiters = new Map<string, Waiter>();
  const controllers = new Map<string, AbortController>();
  /** Executions asked to stop that have not ended yet (the live list shows 'Stopping'). */
  const stopping = new Set<string>();
  const events = new EventEmitter();
  let consumer: ExecutionQueueConsumer | null = null;
  /** Execution rows this process created and has not started yet (saves reading them back). */
  const created = new Map<string, ExecutionRow>();
  /** Flows read recently; `forgetFlow` drops one on save or removal. */
  const flowCache = createExpiringCache<string, FlowRow>(2_000);
  const loadFlow = cachedFlows(flowCache, deps.flows);

  const settle = (execution: ExecutionRow, result: ExecutionResult) => {
    const waiter = waiters.get(execution.id);
    waiters.delete(execution.id);
    waiter?.resolve(result);
    events.emit('finished', result, execution);
  };

  const ownership = createExecutionOwnership({
    db,
    cluster,
    repository,
    waiters,
    controllers,
    stopping,
    now,
    ...(deps.onError ? { onError: deps.onError, onCrashed: crashedBy(deps.onError) } : {}),
  });
  /** Stops a running execution: here, or through its owner (docs/adr/0065). */
  const stopRunning = async (execution: Pick<ExecutionRow, 'id' | 'status' | 'ownerId'>) => {
    const controller = controllers.get(execution.id);
    if (!controller) return ownership.stopElsewhere(execution);
    stopping.add(execution.id);
    controller.abort(new Error('Execução interrompida.'));
    return true;
  };
  const triggerOf = (workspaceId: string, flowId: string, type: string) =>
    firstTrigger(loadFlow, workspaceId, flowId, type);
  const ctx: RunnerContext = {
    deps,
    ownership,
    repository,
    ends,
    waiters,
    controllers,
    stopping,
    events,
    created,
    loadFlow,
    settle,
    stopRunning,
    // Called flows run through this runner: the engine was built without a flows port.
    flows: createSubflowPort({
      triggerOf,
      loadFlow,
      enqueue: (request) => enqueueExecution(ctx, request),
    }),
    wakeRetriesAt: (at) => retrySweep.wakeAt(at),
    writeOnce: runnerWriteOnce(repository, deps),
  };
  const retrySweep = createRetrySweep(ctx);
  return {
    events,

    enqueue: (request: ExecutionRequest) => enqueueExecution(ctx, request),

    /** Marks what a dead process left behind as crashed, then starts consuming (not in an API). */
    async start(): Promise<ExecutionRow[]> {
      if (deps.consume === false) return [];
      // Alone, every active job and running row is from a process that stopped. With others,
      // the active jobs may be a live worker's: the driver recovers its stalled jobs itself
      // (BullMQ) and the reaper the rows of processes whose lease ran out, never a live one's.
      const jobs = ownership.distributed ? [] : await queue.recover();
      const ids = jobs
        .filter((job) => job.queue === executionsQueue)
        .map((job) => (job.payload as { execution_id: string }).execution_id);
      const crashed = [...(await repository.markCrashed(ids, now())), ...(await ownership.start())];
      consumer = queue.consume(executionsQueue, (job, signal) => consumeJob(ctx, job, signal), {
        concurrency: deps.concurrency,
      });
      // Slots are free once the consumer counted what waits: executions right after the
      // start may take them.
      await consumer.ready;
      retrySweep.start();
      return crashed;
    },

    /**
     * A waiting execution of the workspace goes on (docs/adr/0100): queued again, its job
     * resuming at the node that waited. False when it was not waiting (any more).
     */
    resume: (workspaceId: string, executionId: string, resume: ResumeRequest) =>
      resumeExecution(ctx, workspaceId, executionId, resume),

    /**
     * Stops an execution of the workspace: running, in whichever process runs it; waiting or
     * queued, at once ('Parar', docs/adr/0111: its waits go, its job runs nothing).
     */
    stop: (workspaceId: string, executionId: string) =>
      stopExecution(ctx, workspaceId, executionId),

    /**
     * Stops every running execution of the workspace, in every process (engine restart);
     * answers how many were running.
     */
    stopAll: (workspaceId?: string): Promise<number> => ownership.stopAll(workspaceId),

    /** The flow's first enabled trigger node of `type`; a pt-BR error when it has none. */
    triggerOf,

    /** The flow of the workspace as executions read it (cached briefly), or null. */
    loadFlow,

    /** The flow was saved or removed: the next execution reads it again. */
    forgetFlow(flowId: string) {
      flowCache.forget(flowId);
    },

    /** PONTE_LGPD_MASK: what flows that follow the instance do (docs/adr/0122). */
    lgpdMask: deps.lgpdMask ?? false,

    runningCount: () => controllers.size,
    isStopping: (executionId: string) => ownership.isStopping(executionId),
    repository,

    /**
     * Stops taking executions; running ones get `graceMs` to end, then are stopped, or with
     * `handBack` (default: when other processes share the work) go back to the queue for
     * another process. Ends and log lines still waiting for the database get one last try at
     * the end of the grace; then this process's lease is removed.
     */
    close: async (graceMs = 5_000, options: { handBack?: boolean } = {}) => {
      await retrySweep.stop();
      await closeRunner(consumer, ctx, graceMs, options.handBack ?? ownership.distributed);
      // What the last executions traced is sent before the process goes.
      if (deps.tracer) await (await deps.tracer()).shutdown().catch(deps.onError);
    },

    /** Looks for due attempts now ('Executar agora'; every process also does each second). */
    sweepRetries: () => retrySweep.runOnce(),
  };
}

export type ExecutionRunner = ReturnType<typeof createExecutionRunner>;
