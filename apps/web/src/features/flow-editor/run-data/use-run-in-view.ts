import { useEffect, useMemo } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NodeRun } from '@ponte/shared/execution-data.schema';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { errorMessage } from '../../../lib/api/api-error';
import {
  executionDataQueryKey,
  executionDataQueryOptions,
} from '../../../lib/executions/get-execution-data';
import { nodeDataQueryOptions } from '../../../lib/executions/get-node-data';
import type { CanvasNodeState, NodePanelData, RunInView } from './run-data-types';
import { canvasNodeStates, expectedRuns, isUnderway, takenEdges } from './run-view';

/** How often an underway run's data is read again while no live status says it ended. */
const pollMs = 1000;

interface RunInViewOptions {
  executionId: string | null;
  doc: FlowDocument;
  /** The node whose panel is open. */
  selectedUid: string | undefined;
  /** Live states of this execution (the flow status hook), merged over the summaries. */
  live?: ReadonlyMap<string, CanvasNodeState>;
  /** Set when the live status said the execution ended: its data is read again at once. */
  liveFinished?: boolean;
}

/**
 * The run the editor looks at (docs/adr/0089): the execution's summaries, read every second
 * while it is queued or running, then the open node's runs with their messages (read once it
 * ended). A node that did not run gets, as its input, what its upstream nodes sent towards it.
 */
export function useRunInView({
  executionId,
  doc,
  selectedUid,
  live,
  liveFinished,
}: RunInViewOptions) {
  const queryClient = useQueryClient();
  const execution = useQuery({
    ...executionDataQueryOptions(executionId ?? ''),
    enabled: executionId !== null,
    // Polled while underway (until the live status lands everywhere); never after an error.
    refetchInterval: (query) =>
      query.state.status !== 'error' &&
      (!query.state.data || isUnderway(query.state.data.execution.status))
        ? pollMs
        : false,
  });
  const data = executionId ? execution.data : undefined;
  const status = data?.execution.status;
  const ended = data !== undefined && !isUnderway(status);

  // The nodes' data too: an execution that waited for an approval was read when it waited,
  // and its resumed part (docs/adr/0100) ends under the same id.
  useEffect(() => {
    if (liveFinished && executionId) {
      void queryClient.invalidateQueries({ queryKey: executionDataQueryKey(executionId) });
    }
  }, [liveFinished, executionId, queryClient]);

  const summaries = useMemo(() => data?.nodes ?? [], [data]);
  const summary = summaries.find((each) => each.node_uid === selectedUid);
  const ran = new Set(summaries.map((each) => each.node_uid));
  const sources =
    selectedUid && !summary
      ? [
          ...new Set(
            doc.edges
              .filter((edge) => edge.target === selectedUid && ran.has(edge.source))
              .map((edge) => edge.source),
          ),
        ]
      : [];
  const readable = executionId !== null && ended && data.kept;

  const own = useQuery({
    ...nodeDataQueryOptions(executionId ?? '', selectedUid ?? ''),
    enabled: readable && summary !== undefined,
  });
  const upstream = useQueries({
    queries: sources.map((uid) => ({
      ...nodeDataQueryOptions(executionId ?? '', uid),
      enabled: readable,
    })),
  });

  const nodeStates = useMemo(() => canvasNodeStates(summaries, live), [summaries, live]);
  const edges = useMemo(() => takenEdges(doc, summaries), [doc, summaries]);

  let runData: NodePanelData | undefined;
  if (executionId && selectedUid) {
    if (data && !data.kept) {
      runData = { summary, runs: [], loading: false, unavailable: data.kept_reason };
    } else if (summary) {
      runData = {
        summary,
        runs: own.data?.runs,
        loading: !ended || own.isPending,
        ...(own.isError ? { unavailable: errorMessage(own.error) } : {}),
      };
    } else if (sources.length) {
      const upstreamRuns = new Map<string, NodeRun[]>(
        upstream.flatMap((query) => (query.data ? [[query.data.node_uid, query.data.runs]] : [])),
      );
      const loading = !ended || upstream.some((query) => query.isPending);
      runData = {
        summary: undefined,
        runs: loading ? undefined : expectedRuns(doc, selectedUid, upstreamRuns),
        loading,
        expected: true,
      };
    } else {
      runData = { summary: undefined, runs: [], loading: data === undefined };
    }
  }

  const inView: RunInView | null = executionId ? { executionId, data, source: 'editor' } : null;
  return { inView, status, nodeStates, takenEdges: edges, runData, error: data?.execution.error };
}
