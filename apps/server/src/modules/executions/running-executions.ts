import type { RunningExecution } from '@ponte/shared/monitoring.schema';
import type { ExecutionRunner } from './execution-runner';

/** The workspace's running executions (spec 2 §3): the running list and the live feed. */
export async function runningExecutions(
  runner: ExecutionRunner,
  workspaceId: string,
): Promise<RunningExecution[]> {
  return (await runner.repository.running(workspaceId)).map(({ execution, flowName }) => ({
    execution_id: execution.id,
    flow_id: execution.flowId,
    flow_name: flowName,
    trigger_type: execution.triggerType,
    trigger_node_uid: execution.triggerNodeUid,
    start_time: (execution.startedAt ?? execution.queuedAt).toISOString(),
    stop_execution: runner.isStopping(execution.id),
  }));
}
