import { randomUUID } from 'node:crypto';
import type { ExecutionResult, ExecutionStatus } from '@ponte/engine/executor/events';
import type { ExecutionResumeRow, ExecutionWaitRow } from '../../db/schema';
import { createPeriodicTask } from '../../lib/periodic-task';
import type { JobPayload, RunnerContext } from './execution-enqueue';
import { executionsQueue } from './execution-enqueue';
import type { ExecutionRow } from './executions.repository';

/** How often every process looks for due attempts (its own are woken on time). */
const sweepMs = 1_000;
/** A taken attempt is not taken again for this long (its job may still be queued). */
const leaseMs = 60_000;
/** Attempts due within this much of the one that woke the sweep resume with it. */
const togetherMs = 50;

/** What a part of an execution leaves waiting, merged with what earlier parts left. */
export interface Parked {
  status: ExecutionStatus;
  waits: ExecutionWaitRow[] | null;
  resume: ExecutionResumeRow | null;
  resumeAt: Date | null;
}

/** The 'Aguardar chamada' link a wake or a resume names (docs/adr/0114). */
/** What a resumed value waits on: an 'Aguardar chamada' link, an 'Aguardar aprovação' request. */
const waitedOn = (value: unknown, key: 'link' | 'request') =>
  typeof value === 'object' && value !== null && key in value
    ? `${key}:${String((value as Record<string, unknown>)[key])}`
    : undefined;
const linkOf = (value: unknown) => waitedOn(value, 'link') ?? waitedOn(value, 'request');

const keyOf = (retry: { id?: string; nodeUid: string; attempt: number }) =>
  retry.id ?? `${retry.nodeUid}\0${retry.attempt}`;

/**
 * The waits an execution keeps after a part (docs/adr/0110): those of earlier parts this part
 * did not resume (attempts not taken, people still deciding), then the part's own. A part that
 * succeeded with waits left still waits; one that failed or was stopped drops them.
 */
export function parkedAfter(
  row: Pick<ExecutionRow, 'waits' | 'resume'>,
  payload: Pick<JobPayload, 'retries' | 'resume'>,
  result: ExecutionResult,
  now: Date,
): Parked {
  const none = { waits: null, resume: null, resumeAt: null };
  if (result.status !== 'success' && result.status !== 'waiting')
    return { status: result.status, ...none };
  const taken = new Set((payload.retries?.deliveries ?? []).map(keyOf));
  // A link called (an approval decided) resumed its node: the expiry of that link goes with it
  // (docs/adr/0114, 0115).
  const called = linkOf(payload.resume?.value);
  const retries = (row.resume?.retries ?? []).filter(
    (retry) => !taken.has(keyOf(retry)) && !(called && linkOf(retry.resumed) === called),
  );
  const left = new Set(retries.map(keyOf));
  const waits = (row.waits ?? []).filter((wait) =>
    wait.kind === 'approval' && !wait.at
      ? wait.node_uid !== payload.resume?.nodeUid
      : left.has(wait.id ?? `${wait.node_uid}\0${(wait.attempt ?? 1) - 1}`),
  );
  const since = now.toISOString();
  for (const wait of result.waiting ?? []) {
    const base = { id: randomUUID(), node_uid: wait.node_uid, message: wait.message, since };
    if (wait.retry) {
      const { attempt, of, at, msg } = wait.retry;
      const due = new Date(at).toISOString();
      retries.push({ id: base.id, nodeUid: wait.node_uid, msg, attempt: attempt - 1, at: due });
      waits.push({ ...base, kind: 'retry', attempt, of, at: due });
    } else if (wait.wake) {
      const { at, msg, value } = wait.wake;
      const due = new Date(at).toISOString();
      retries.push({
        id: base.id,
        nodeUid: wait.node_uid,
        msg,
        attempt: 0,
        at: due,
        resumed: value,
      });
      const kind = waitedOn(value, 'request')
        ? 'approval'
        : waitedOn(value, 'link')
          ? 'call'
          : 'delay';
      waits.push({ ...base, kind, at: due });
    } else waits.push({ ...base, kind: 'approval' });
  }
  if (!waits.length) return { status: result.status, ...none };
  const flowData = result.flowData ?? row.resume?.flowData ?? {};
  const first = retries.map(({ at }) => Date.parse(at)).sort((a, b) => a - b)[0];
  return {
    status: 'waiting',
    waits,
    resume: retries.length ? { flowData, retries } : null,
    resumeAt: first === undefined ? null : new Date(first),
  };
}

/** The attempts of a taken row that are due now, and the job that runs them. */
function jobOf(
  row: Pick<ExecutionRow, 'id' | 'resume' | 'waitSeq'>,
  now: number,
): JobPayload | null {
  const resume = row.resume;
  if (!resume?.retries.length) return null;
  const first = Math.min(...resume.retries.map(({ at }) => Date.parse(at)));
  const due = resume.retries.filter(
    ({ at }) => Date.parse(at) <= Math.max(now, first) + togetherMs,
  );
  return {
    execution_id: row.id,
    msg: {},
    retries: {
      deliveries: due.map(({ id, nodeUid, msg, attempt, ...rest }) => ({
        ...(id ? { id } : {}),
        nodeUid,
        msg,
        attempt,
        ...('resumed' in rest ? { resumed: rest.resumed } : {}),
      })),
      flowData: resume.flowData,
    },
    waitSeq: row.waitSeq,
  };
}

/**
 * The sweep of due attempts (docs/adr/0110): every process that runs executions looks each
 * second, and wakes on time for the attempts its own executions left; each due execution is
 * taken by one process (`takeDueRetries`) and gets a job on the executions queue, which any
 * worker runs under the flow's concurrency limit. Nothing holds a slot while it waits.
 */
export function createRetrySweep(ctx: RunnerContext) {
  const { repository, deps } = ctx;
  let wake: NodeJS.Timeout | null = null;
  let wakeAt = Number.POSITIVE_INFINITY;

  async function sweep(): Promise<void> {
    const now = deps.now();
    const rows = await repository.takeDueRetries(now, leaseMs);
    for (const row of rows) {
      const payload = jobOf(row, now.getTime());
      if (!payload) continue;
      const flow = await ctx.loadFlow(row.workspaceId, row.flowId);
      await deps.queue.enqueue(executionsQueue, {
        workspaceId: row.workspaceId,
        concurrencyKey: row.flowId,
        concurrencyLimit: flow?.config.rate_limit ?? 0,
        payload: { ...payload, ...ctx.ownership.markOf(false) },
      });
    }
  }

  const task = createPeriodicTask(sweep, {
    intervalMs: sweepMs,
    onError: (error) => deps.onError?.(error),
  });

  return {
    start: () => task.start(),
    /** An execution of this process waits until `at`: the sweep runs then, not up to 1 s later. */
    wakeAt(at: Date) {
      const when = at.getTime();
      if (when >= wakeAt) return;
      if (wake) clearTimeout(wake);
      wakeAt = when;
      wake = setTimeout(
        () => {
          wake = null;
          wakeAt = Number.POSITIVE_INFINITY;
          void task.runOnce().catch((error: unknown) => deps.onError?.(error));
        },
        Math.max(0, when - deps.now().getTime()),
      );
      wake.unref();
    },
    runOnce: () => task.runOnce(),
    async stop() {
      if (wake) clearTimeout(wake);
      wake = null;
      await task.stop();
    },
  };
}

export type RetrySweep = ReturnType<typeof createRetrySweep>;
