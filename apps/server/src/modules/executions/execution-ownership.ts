import type { ExecutionResult } from '@ponte/engine/executor/events';
import type { WebhookResponse } from '@ponte/engine/kit/context';
import type { Database } from '../../db/client';
import type { ClusterOptions } from '../../cluster/cluster';
import { runsWork } from '../../container/server-module';
import {
  createExecutionReaper,
  executionsCrashedChannel,
  type ExecutionReaper,
  type ExecutionsCrashedMessage,
} from '../../cluster/execution-reaper';
import { createProcessRegistry, type ProcessRegistry } from '../../cluster/process-registry';
import { createExpiringCache } from '../../lib/expiring-cache';
import {
  crashedError,
  type ExecutionRow,
  type ExecutionsRepository,
} from './executions.repository';

/** The bus channels of executions between processes (docs/adr/0065). */
export const executionChannels = {
  /** `{executionId}`, sent to the owner. */
  stop: 'execution-stop',
  /** `{workspaceId | null}`, broadcast: each process stops its own. */
  stopAll: 'execution-stop-all',
  /** `{executionId, result}`, sent to the process that enqueued. */
  finished: 'execution-finished',
  /** `{executionId, response}`, sent to the process that enqueued. */
  respond: 'execution-respond',
} as const;

/**
 * An execution's result; `crashed` when its process died and the reaper marked it crashed (the
 * waiter sees an error with the crashed row's message: the engine's results have no such status).
 */
export type RunnerResult = ExecutionResult & { crashed?: true };

export interface Waiter {
  resolve: (result: RunnerResult) => void;
  respond?: (response: WebhookResponse) => void;
}

/** What a job carries so that the process running it can answer the one that enqueued it. */
export interface EnqueuerMark {
  /** The process that enqueued, when the job may run elsewhere. */
  enqueuer?: string;
  /** The enqueuer waits for `core_respond_webhook`. */
  respond?: true;
}

export interface OwnershipDeps {
  db: Database;
  cluster: ClusterOptions;
  repository: ExecutionsRepository;
  waiters: Map<string, Waiter>;
  controllers: Map<string, AbortController>;
  /** Executions of this process asked to stop that have not ended yet. */
  stopping: Set<string>;
  now: () => Date;
  onError?: (error: unknown) => void;
  /** What the reaper marked crashed after the first sweep (for the log). */
  onCrashed?: (rows: ExecutionRow[]) => void;
}

const stopReason = () => new Error('Execução interrompida.');

/** The handlers of the channels this process answers on. */
function subscribe(deps: OwnershipDeps, stopOwn: (workspaceId: string | null) => Promise<void>) {
  const { bus } = deps.cluster;
  const { waiters, controllers, stopping } = deps;
  const settle = (executionId: string, result: RunnerResult) => {
    const waiter = waiters.get(executionId);
    waiters.delete(executionId);
    waiter?.resolve(result);
  };
  bus.subscribe(executionChannels.stop, (message) => {
    const { executionId } = message as { executionId: string };
    const controller = controllers.get(executionId);
    if (!controller) return;
    stopping.add(executionId);
    controller.abort(stopReason());
  });
  bus.subscribe(executionChannels.stopAll, (message) =>
    stopOwn((message as { workspaceId: string | null }).workspaceId),
  );
  bus.subscribe(executionChannels.finished, (message) => {
    const { executionId, result } = message as { executionId: string; result: RunnerResult };
    settle(executionId, result);
  });
  bus.subscribe(executionChannels.respond, (message) => {
    const { executionId, response } = message as {
      executionId: string;
      response: WebhookResponse;
    };
    waiters.get(executionId)?.respond?.(response);
  });
  bus.subscribe(executionsCrashedChannel, (message) => {
    for (const id of (message as ExecutionsCrashedMessage).ids) {
      // Still running here: this process was taken for dead (its lease ran out) and its end
      // would be refused; it stops doing the execution's work.
      controllers.get(id)?.abort(new Error(crashedError.message));
      settle(id, {
        execution_id: id,
        status: 'error',
        crashed: true,
        error: crashedError,
        execution_time: 0,
        steps: 0,
      });
    }
  });
}

/**
 * The runner's side of several processes on one database (docs/adr/0065): this process's
 * lease and the reaper, stop and stop-all for executions that run elsewhere, and the results
 * and webhook responses of executions enqueued here and run elsewhere. In one process (no
 * Redis) the bus is local and the start marks every running execution crashed, as before.
 */
export function createExecutionOwnership(deps: OwnershipDeps) {
  const { cluster, repository, controllers, stopping } = deps;
  const { bus } = cluster;
  const distributed = cluster.redis !== null;
  /** Executions of other processes asked to stop from here (the live list's 'Stopping'). */
  const stoppingElsewhere = createExpiringCache<string, true>(cluster.leaseMs * 2);
  let registry: ProcessRegistry | null = null;
  /** The first sweep's crashes are the start's answer; later ones are reported here. */
  let started = false;
  let reaper: ExecutionReaper | null = null;

  const stopOwn = async (workspaceId: string | null) => {
    for (const [id, controller] of [...controllers]) {
      if (workspaceId && !(await repository.findInWorkspace(workspaceId, id))) continue;
      stopping.add(id);
      controller.abort(stopReason());
    }
  };
  subscribe(deps, stopOwn);
  const report = (error: unknown) => deps.onError?.(error);

  return {
    processId: bus.processId,
    distributed,

    /**
     * Distributed: this process's lease, then the reaper (a worker) whose first sweep crashes
     * what dead processes left; nothing of a live process is touched. Alone (the single-process
     * guard holds the database): every running execution is from a process that stopped.
     */
    async start(): Promise<ExecutionRow[]> {
      if (!distributed) return repository.markCrashed('all-unfinished', deps.now());
      registry = createProcessRegistry({
        db: deps.db,
        processId: bus.processId,
        role: cluster.role,
        leaseMs: cluster.leaseMs,
        onError: report,
        onRevived: () =>
          report(
            new Error(
              'Este processo ficou sem renovar sua concessão e foi dado como parado: suas execuções em andamento foram marcadas como crashed. Registro refeito.',
            ),
          ),
      });
      await registry.start();
      if (!runsWork(cluster.role)) return [];
      reaper = createExecutionReaper({
        db: deps.db,
        bus,
        leaseMs: cluster.leaseMs,
        onError: report,
        onCrashed: (rows) => started && deps.onCrashed?.(rows),
        mayJudgeOthers: () => registry?.mayJudgeOthers() ?? true,
      });
      const crashed = await reaper.start();
      started = true;
      return crashed;
    },

    /** An execution running in another process: its owner is asked to stop it. */
    async stopElsewhere(
      execution: Pick<ExecutionRow, 'id' | 'status' | 'ownerId'>,
    ): Promise<boolean> {
      if (execution.status !== 'running' || !execution.ownerId) return false;
      if (execution.ownerId === bus.processId) return false;
      stoppingElsewhere.set(execution.id, true);
      await bus.send(execution.ownerId, executionChannels.stop, { executionId: execution.id });
      return true;
    },

    /** Every process stops its own running executions of the workspace (engine restart). */
    async stopAll(workspaceId?: string): Promise<number> {
      const running = await repository.countRunning(workspaceId);
      await bus.publish(executionChannels.stopAll, { workspaceId: workspaceId ?? null });
      return running;
    },

    isStopping: (executionId: string) =>
      stopping.has(executionId) || Boolean(stoppingElsewhere.get(executionId)),

    /** The mark a queued job carries when it may run in another process. */
    markOf(respond: boolean): EnqueuerMark {
      if (!distributed) return {};
      return { enqueuer: bus.processId, ...(respond ? { respond: true as const } : {}) };
    },

    /** The webhook response of a job enqueued elsewhere goes back to its enqueuer. */
    respondFor(executionId: string, mark: EnqueuerMark) {
      const { enqueuer } = mark;
      if (!enqueuer || !mark.respond || enqueuer === bus.processId) return undefined;
      return (response: WebhookResponse) =>
        void bus.send(enqueuer, executionChannels.respond, { executionId, response }).catch(report);
    },

    /** The result of a job enqueued elsewhere goes back to its enqueuer. */
    async forward(executionId: string, mark: EnqueuerMark, result: RunnerResult): Promise<void> {
      const { enqueuer } = mark;
      if (!enqueuer || enqueuer === bus.processId) return;
      await bus.send(enqueuer, executionChannels.finished, { executionId, result }).catch(report);
    },

    /** Stops the reaper and removes this process's lease (its executions have ended). */
    async close(): Promise<void> {
      await reaper?.close();
      await registry?.close().catch(report);
    },
  };
}

export type ExecutionOwnership = ReturnType<typeof createExecutionOwnership>;
