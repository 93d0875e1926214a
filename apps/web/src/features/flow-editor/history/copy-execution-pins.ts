import type { QueryClient } from '@tanstack/react-query';
import type { ExecutionData } from '@ponte/shared/execution-data.schema';
import type { FlowPins } from '@ponte/shared/flow/flow-document.schema';
import { nodeDataQueryOptions } from '../../../lib/executions/get-node-data';
import { nodesWithOutput, pinsOfRuns } from './execution-view-state';

/**
 * 'Copiar para o editor': every node that sent something becomes pins of its last run's kept
 * outputs (runs over the cap give none). Reads each node's data (cached once read).
 */
export async function copyExecutionPins(
  queryClient: QueryClient,
  data: ExecutionData,
): Promise<FlowPins> {
  const executionId = data.execution._id;
  const entries = await Promise.all(
    nodesWithOutput(data).map(async (uid) => {
      const node = await queryClient.fetchQuery(nodeDataQueryOptions(executionId, uid));
      return [uid, pinsOfRuns(node.runs)] as const;
    }),
  );
  return Object.fromEntries(entries.filter(([, items]) => items.length > 0));
}
