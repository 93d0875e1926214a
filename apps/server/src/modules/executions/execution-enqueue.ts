import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { ExecutionResult } from '@ponte/engine/executor/events';
import type { WebhookResponse } from '@ponte/engine/kit/context';
import type { FlowsPort } from '@ponte/engine/ports';
import type { Message } from '@ponte/engine/kit/message';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { ExecutionMode } from '@ponte/shared/execution-data.schema';
import type { FlowRow } from '../flows/flows.repository';
import { defaultFlowChainLimit, refuseChain } from './chain-limit';
import type { ExecutionEnds } from './execution-ends';
import { endNotQueued } from './execution-not-queued';
import {
  giveUpExecution,
  type Caller,
  type GiveUpDeps,
  type GiveUpOutcome,
} from './execution-give-up';
import { createLogKeeper, saveLevelOf } from './execution-keeping';
import { flowVersionRan } from './flow-version-ran';
import { maskingOf, masksPersonalData } from './personal-data-masking';
import type { EnqueuerMark, ExecutionOwnership, RunnerResult, Waiter } from './execution-ownership';
import type { ExecutionRunnerDeps } from './execution-runner-deps';
import type { WriteOnce } from './execution-write-once';
import {
  writtenRow,
  type ExecutionRow,
  type ExecutionsRepository,
  type UnawaitedRow,
} from './executions.repository';

export const executionsQueue = 'executions';

/** Trigger messages up to this many bytes of JSON are kept in the execution row (rerun). */
export const keptTriggerMessageBytes = 1024 * 1024;

export interface ExecutionRequest {
  workspaceId: string;
  flowId: string;
  triggerNodeUid: string;
  msg: Message;
  /** Replay from a recorded message at a node. */
  startAt?: { nodeUid: string; msg: Message };
  /**
   * A re-run of another execution (docs/adr/0113): the row names it (`rerun_of`); with a
   * `document`, it runs that version of the flow (the one the original ran) instead of the
   * current one.
   */
  rerun?: RerunRequest;
  /**
   * A flow waits for its answer ('Executar flow' with 'Aguardar'): its waits between attempts
   * stay in memory, as a caller holds it (docs/adr/0110).
   */
  awaited?: boolean;
  /**
   * Executions that started one another before this one: a webhook called with
   * `x-ponte-chain`, a flow called by another flow. Absent (0) for any other trigger.
   */
  chainDepth?: number;
  /** The caller's W3C `traceparent` (a webhook's): the execution's span is its child (ADR 0131). */
  traceparent?: string;
  /**
   * A webhook waiting for `core_respond_webhook`; when the execution runs in another process,
   * the response comes back over the bus.
   */
  respond?: (response: WebhookResponse) => void;
  /**
   * When the execution was granted its start elsewhere (a queue message: the rate limiter's
   * grant); recorded as its queued time, and as its start when it starts at once.
   */
  startedAt?: Date;
  /** 'editor' for the editor's runs (docs/adr/0089); default 'production'. */
  mode?: ExecutionMode;
  /**
   * The caller waits for the end and answers nothing before the row is stored (a webhook that
   * answers with the flow's result, a queue message): started at once, its row may be written
   * once, with its end (docs/adr/0129).
   */
  writeOnce?: boolean;
  /**
   * An editor run: the editor's document (saved or not) runs instead of the saved one, up to
   * `destination`, with its pins. Never set for a production execution.
   */
  editor?: EditorRunRequest;
}

/** What an editor run runs (docs/adr/0089): carried in the job, so any worker runs it. */
export interface EditorRunRequest {
  document: FlowDocument;
  destination: string;
}

export interface EnqueuedExecution {
  execution_id: string;
  /**
   * Resolves when the execution ends, wherever it runs (another process sends its result back;
   * a process that died: crashed, once the reaper noticed).
   */
  done: Promise<RunnerResult>;
  /**
   * The caller stops waiting for the answer (docs/adr/0076): an execution still queued is
   * withdrawn and never starts (`withdrawn`); a running one records that nobody waits, and its
   * flow's option decides whether it goes on (`started`); `ended` when it had already ended.
   */
  giveUp(caller: Caller): Promise<GiveUpOutcome>;
}

/** What the queue job carries (the row keeps a copy of the trigger message up to 1 MB). */
export interface JobPayload extends EnqueuerMark {
  execution_id: string;
  msg: Message;
  startAt?: { nodeUid: string; msg: Message };
  chainDepth?: number;
  /** The caller's W3C `traceparent`, carried to whichever process runs it (docs/adr/0131). */
  traceparent?: string;
  /** Started from a queue slot: the execution row was written as running. */
  started?: true;
  /**
   * Traced and started from a slot: when the row's insert began and ended (ms since the
   * epoch), for its span (docs/adr/0131). In-process only: a slot's job is never queued.
   */
  startWrite?: [number, number];
  /** Its caller waits for its end: its lines are written with it (docs/adr/0129). */
  writeOnce?: true;
  /** A calling flow waits for its answer (docs/adr/0110). */
  awaited?: true;
  /** A re-run of the version another execution ran (docs/adr/0113). */
  rerun?: { document: FlowDocument; version?: number };
  /** An editor run's document and destination (docs/adr/0089). */
  editor?: EditorRunRequest;
  /** A waiting execution resumed after a person decided (docs/adr/0100). */
  resume?: ResumeRequest;
  /** A waiting execution's new attempts (docs/adr/0110), for the wait numbered `waitSeq`. */
  retries?: {
    deliveries: {
      id?: string;
      nodeUid: string;
      msg: Message;
      attempt: number;
      resumed?: unknown;
    }[];
    flowData?: Record<string, unknown>;
  };
  waitSeq?: number;
}

/** What a re-run carries (docs/adr/0113). */
export interface RerunRequest {
  of: string;
  /** The flow's document of the version the original ran, with its number. */
  document?: FlowDocument;
  version?: number;
}

/** Where a waiting execution resumes, with what (docs/adr/0100). */
export interface ResumeRequest {
  nodeUid: string;
  msg: Message;
  /** The node's `ctx.resumed`. */
  value: unknown;
  flowData?: Record<string, unknown>;
}

const versionOf = ({ version }: RerunRequest) => (version === undefined ? {} : { version });

/** The trigger message's JSON when it fits in `keptTriggerMessageBytes`, else null. */
function keepable(msg: Message): string | null {
  try {
    const json = JSON.stringify(msg);
    // Characters bound the bytes from below: most messages skip the exact count.
    if (json.length > keptTriggerMessageBytes) return null;
    // jsonb refuses NUL and lone surrogates (JSON.stringify escapes only those): one such row
    // would fail the whole batch of execution rows.
    if (/\\u(0000|d[89a-f])/i.test(json)) return null;
    return Buffer.byteLength(json) <= keptTriggerMessageBytes ? json : null;
  } catch {
    return null;
  }
}

/** What the runner's parts share. */
export interface RunnerContext {
  deps: ExecutionRunnerDeps;
  repository: ExecutionsRepository;
  /** Ends on their way to the database, retried while it is away. */
  ends: ExecutionEnds;
  waiters: Map<string, Waiter>;
  controllers: Map<string, AbortController>;
  stopping: Set<string>;
  events: EventEmitter;
  created: Map<string, ExecutionRow>;
  ownership: ExecutionOwnership;
  loadFlow(workspaceId: string, flowId: string): Promise<FlowRow | null>;
  settle(execution: ExecutionRow, result: ExecutionResult): void;
  /** Stops a running execution, here or in the process that owns it. */
  stopRunning(row: Pick<ExecutionRow, 'id' | 'status' | 'ownerId'>): Promise<boolean>;
  /** How the executions this runner runs call other flows (subflow-port.ts). */
  flows: FlowsPort;
  /** An execution waits for a new attempt until `at` (execution-retries.ts). */
  wakeRetriesAt(at: Date): void;
  /** Rows of executions started at once that may be written once (docs/adr/0129). */
  writeOnce: WriteOnce;
}

/** Past `PONTE_FLOW_CHAIN_LIMIT`: the refusal is recorded and thrown (docs/adr/0020). */
async function refuseDeepChain(
  ctx: RunnerContext,
  request: ExecutionRequest,
  flow: FlowRow,
  triggerType: string,
): Promise<void> {
  const { deps, repository } = ctx;
  const chainDepth = request.chainDepth ?? 0;
  const chainLimit = deps.flowChainLimit ?? defaultFlowChainLimit;
  if (chainDepth <= chainLimit) return;
  const level = saveLevelOf(flow.config.save_executions, deps.executionSave ?? 'all', false);
  const keeper = createLogKeeper(level, deps.logs);
  throw await refuseChain(
    {
      repository,
      logs: { write: (entry) => (keeper.write(entry), keeper.end('error')) },
      now: deps.now,
      ...(deps.onThrottled ? { onThrottled: deps.onThrottled } : {}),
    },
    {
      workspaceId: request.workspaceId,
      flowId: request.flowId,
      triggerType,
      triggerNodeUid: request.triggerNodeUid,
      chainDepth,
    },
    chainLimit,
  );
}

/** What giving up an execution needs of the runner. */
function giveUpDeps(ctx: RunnerContext): GiveUpDeps {
  const { deps } = ctx;
  return {
    repository: ctx.repository,
    queue: deps.queue,
    logs: deps.logs,
    now: deps.now,
    executionSave: deps.executionSave ?? 'all',
    waiters: ctx.waiters,
    created: ctx.created,
    loadFlow: ctx.loadFlow,
    stop: async (row: UnawaitedRow) => void (await ctx.stopRunning(row)),
    flush: (id: string) => ctx.writeOnce.flush(id),
  };
}

/** Writes the execution row and starts it in a free slot, or queues the job. */
export async function enqueueExecution(
  ctx: RunnerContext,
  request: ExecutionRequest,
): Promise<EnqueuedExecution> {
  const { deps, repository, loadFlow, waiters, created, ownership } = ctx;
  const { queue, now } = deps;
  const flow = await loadFlow(request.workspaceId, request.flowId);
  if (!flow) throw new Error('Flow não encontrado.');
  // An editor run's trigger may be new in the editor's document, not yet saved; a re-run may
  // run the version its original ran.
  const document =
    request.editor?.document ?? request.rerun?.document ?? (flow.data as FlowDocument);
  const trigger = document.nodes.find((node) => node.uid === request.triggerNodeUid);
  await refuseDeepChain(ctx, request, flow, trigger?.type ?? '');
  const chainDepth = request.chainDepth ?? 0;
  const id = randomUUID();
  const done = new Promise<RunnerResult>((resolve) => {
    waiters.set(id, { resolve, ...(request.respond ? { respond: request.respond } : {}) });
  });
  const given = { id, workspaceId: request.workspaceId, flowId: request.flowId };
  const handle = (jobId: string | null): EnqueuedExecution => ({
    execution_id: id,
    done,
    giveUp: (caller) =>
      giveUpExecution(
        giveUpDeps(ctx),
        { ...given, triggerNodeUid: request.triggerNodeUid, jobId },
        caller,
      ),
  });
  // What this execution stores is masked or not from here on, whatever the flow says later.
  const masked = masksPersonalData(flow.config.lgpd, deps.lgpdMask ?? false);
  const kept = masked ? maskingOf(true, flow.config.lgpd)!.value(request.msg) : request.msg;
  // 'Executar este conector' starts past the trigger: its message is no trigger's request.
  // Its JSON now: the run changes the message (a row written later keeps it as it came).
  const triggerJson = request.editor && request.startAt ? null : keepable(kept as Message);
  const base = {
    id,
    workspaceId: request.workspaceId,
    flowId: request.flowId,
    triggerType: trigger?.type ?? '',
    triggerNodeUid: request.triggerNodeUid,
    queuedAt: request.startedAt ?? now(),
    triggerMsg: triggerJson === null ? null : (kept as Message),
    mode: request.mode ?? 'production',
    personalDataMasked: masked,
    ...(request.rerun ? { rerunOf: request.rerun.of } : {}),
  };
  const ran = request.rerun?.document;
  const payload: JobPayload = {
    execution_id: id,
    msg: request.msg,
    ...(request.startAt ? { startAt: request.startAt } : {}),
    ...(chainDepth ? { chainDepth } : {}),
    ...(request.traceparent ? { traceparent: request.traceparent } : {}),
    ...(request.editor ? { editor: request.editor } : {}),
    ...(request.awaited ? { awaited: true as const } : {}),
    ...(request.writeOnce ? { writeOnce: true as const } : {}),
    ...(ran ? { rerun: { document: ran, ...versionOf(request.rerun!) } } : {}),
  };
  // Room to start now: the execution row, written as running, is the only record (a crash
  // leaves it running, and the next start marks it crashed). Otherwise it waits its turn.
  const placing = {
    workspaceId: request.workspaceId,
    concurrencyKey: request.flowId,
    concurrencyLimit: flow.config.rate_limit,
  };
  const slot = deps.consume === false ? null : queue.reserve(executionsQueue, placing);
  if (slot) {
    const started = {
      ...base,
      status: 'running' as const,
      startedAt: base.queuedAt,
      ownerId: ownership.processId,
      // It starts now, on the row read above (its end records the version it ran).
      flowVersion: ran ? (request.rerun!.version ?? null) : flowVersionRan(flow, request.editor),
    };
    let row: ExecutionRow;
    // Traced: the row's insert gets its span in the execution's trace (docs/adr/0131).
    const writing = deps.tracer && !request.writeOnce ? Date.now() : undefined;
    try {
      // Written once with its end, or when its window runs out (docs/adr/0129).
      if (request.writeOnce) ctx.writeOnce.defer(started, triggerJson);
      row = request.writeOnce ? writtenRow(started) : await repository.create(started);
    } catch (error) {
      slot.release();
      waiters.delete(id);
      throw error;
    }
    created.set(id, row);
    const startWrite: Pick<JobPayload, 'startWrite'> =
      writing === undefined ? {} : { startWrite: [writing, Date.now()] };
    slot.start({ ...payload, started: true, ...startWrite } satisfies JobPayload);
    return handle(null);
  }
  const row = await repository.create({ ...base, status: 'queued' });
  // Distributed, another process most likely runs it: nothing to keep here.
  if (!ownership.distributed) created.set(id, row);
  // The job may run in another process: it carries who waits for its result.
  const queued = { ...payload, ...ownership.markOf(Boolean(request.respond)) };
  const job = await queue
    .enqueue(executionsQueue, { ...placing, payload: queued })
    .catch((error: unknown) => {
      created.delete(id);
      waiters.delete(id);
      endNotQueued(ctx.ends, id, error, now());
      throw error;
    });
  return handle(job.id);
}
