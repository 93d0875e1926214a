import type { z } from 'zod';
import type {
  completedListSchema,
  RunningExecution,
  timeseriesSchema,
} from '@ponte/shared/monitoring.schema';
import type { Database } from '../../db/client';
import { createExecutionsRepository, type ExecutionRow } from './executions.repository';
import type { GroupLimit } from '../../lib/group-access/group-scope';
import { waitingReads, type WaitingApproversOf } from './execution-waiting';

export interface ExecutionsServiceDeps {
  db: Database;
  now: () => Date;
  /** The flows module's names of the workspace's flows among `ids`. */
  flowNames: (workspaceId: string, ids: string[]) => Promise<Map<string, string>>;
  /** Whether the runner was asked to stop the execution ('Stopping' in the live list). */
  isStopping: (executionId: string) => boolean;
  /** Whether some process runs executions now (execution-waiting.ts). */
  workersAlive?: () => Promise<boolean>;
  /** Looks for due attempts now (the runner's sweep). */
  sweepRetries?: () => Promise<void>;
  /** The approvers of waiting 'Aguardar aprovação' nodes (execution-waiting.ts). */
  approvers?: WaitingApproversOf;
}

const minute = 60_000;

/** The executions of a workspace as monitoring reads them (spec 2 §3). */
export function createExecutionsService(deps: ExecutionsServiceDeps) {
  const { db, now, isStopping } = deps;
  const repository = createExecutionsRepository(db);
  /** Each execution with its flow's name (null once the flow was removed). */
  const withNames = async <T extends Pick<ExecutionRow, 'flowId'>>(
    workspaceId: string,
    rows: T[],
  ) => {
    const names = await deps.flowNames(
      workspaceId,
      rows.map((row) => row.flowId),
    );
    return rows.map((execution) => ({ execution, flowName: names.get(execution.flowId) ?? null }));
  };

  return {
    find(workspaceId: string, executionId: string): Promise<ExecutionRow | null> {
      return repository.findInWorkspace(workspaceId, executionId);
    },

    /**
     * The workspace's running executions: the running list and the live feed; `within`: only
     * those of flows in the caller's groups (docs/adr/0109).
     */
    async running(workspaceId: string, within?: GroupLimit): Promise<RunningExecution[]> {
      return (await withNames(workspaceId, await repository.running(workspaceId, within))).map(
        ({ execution, flowName }) => ({
          execution_id: execution.id,
          flow_id: execution.flowId,
          flow_name: flowName,
          trigger_type: execution.triggerType,
          trigger_node_uid: execution.triggerNodeUid,
          start_time: (execution.startedAt ?? execution.queuedAt).toISOString(),
          stop_execution: isStopping(execution.id),
          unawaited_at: execution.unawaitedAt?.toISOString() ?? null,
          flow_version: execution.flowVersion,
        }),
      );
    },

    /** Queued and waiting executions with why; 'Executar agora' (execution-waiting.ts). */
    ...waitingReads({ ...deps, repository, withNames }),

    /** Finished executions, newest first. */
    async completed(
      workspaceId: string,
      page: number,
      size: number,
      within?: GroupLimit,
    ): Promise<z.infer<typeof completedListSchema>> {
      const { rows, total } = await repository.completed(workspaceId, page, size, within);
      return {
        items: (await withNames(workspaceId, rows)).map(({ execution, flowName }) => ({
          _id: execution.id,
          data: {
            execution_id: execution.id,
            flow_id: execution.flowId,
            flow_name: flowName,
            status: execution.status as 'success' | 'error' | 'stopped' | 'crashed',
            timestamp: execution.endedAt!.toISOString(),
            message: { execution_time: execution.durationMs ?? 0 },
            error: execution.error?.message ?? null,
            unawaited_at: execution.unawaitedAt?.toISOString() ?? null,
            mode: execution.mode,
            flow_version: execution.flowVersion,
            rerun_of: execution.rerunOf,
          },
        })),
        total,
      };
    },

    /** Finished executions per minute over the last hour: 60 points, zeros included. */
    async timeseries(
      workspaceId: string,
      within?: GroupLimit,
    ): Promise<z.infer<typeof timeseriesSchema>> {
      const end = Math.floor(now().getTime() / minute) * minute;
      const start = end - 59 * minute;
      const counts = new Map(
        (await repository.perMinute(workspaceId, new Date(start), within)).map((point) => [
          point.minute.getTime(),
          point.n,
        ]),
      );
      return Array.from({ length: 60 }, (_, i) => {
        const at = start + i * minute;
        return { x: new Date(at).toISOString(), y: counts.get(at) ?? 0 };
      });
    },
  };
}

export type ExecutionsService = ReturnType<typeof createExecutionsService>;
