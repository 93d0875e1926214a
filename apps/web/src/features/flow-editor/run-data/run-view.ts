import type {
  ExecutionData,
  ExecutionNodeSummary,
  NodeRun,
} from '@ponte/shared/execution-data.schema';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { CanvasNodeState } from './run-data-types';

type Status = ExecutionData['execution']['status'];

/** Queued or running: its data still changes. */
export const isUnderway = (status: Status | undefined): boolean =>
  status === 'queued' || status === 'running';

/**
 * The canvas's state of each node: the run's summaries (success/error and items), with the
 * live states of the same execution over them while it runs (a node running now, or done
 * since the last refresh).
 */
export function canvasNodeStates(
  summaries: readonly ExecutionNodeSummary[],
  live?: ReadonlyMap<string, CanvasNodeState>,
): Map<string, CanvasNodeState> {
  const states = new Map<string, CanvasNodeState>(
    summaries.map((summary) => [summary.node_uid, { state: summary.status, items: summary.items }]),
  );
  for (const [uid, state] of live ?? []) states.set(uid, state);
  return states;
}

/** Edges a message went through: its source sent on that output and its target ran. */
export function takenEdges(
  doc: FlowDocument,
  summaries: readonly ExecutionNodeSummary[],
): Set<string> {
  const byUid = new Map(summaries.map((summary) => [summary.node_uid, summary]));
  return new Set(
    doc.edges
      .filter(
        (edge) =>
          (byUid.get(edge.source)?.outputs[edge.sourceOutput] ?? 0) > 0 && byUid.has(edge.target),
      )
      .map((edge) => edge.id),
  );
}

/** The nodes holding pins. */
export function pinnedUids(doc: FlowDocument): Set<string> {
  return new Set(
    Object.entries(doc.pins ?? {}).flatMap(([uid, items]) => (items.length ? [uid] : [])),
  );
}

/** The messages an upstream node sent on one output, over all its runs. */
export function sentOn(runs: readonly NodeRun[], output: string): Record<string, unknown>[] {
  return runs.flatMap((run) =>
    run.outputs.flatMap((item) => (item.output === output && item.msg ? [item.msg] : [])),
  );
}

/**
 * What a node that did not run would receive: each message its upstream nodes sent towards it,
 * as one run without output each (the 'Entrada' view shows them before the node runs).
 */
export function expectedRuns(
  doc: FlowDocument,
  uid: string,
  upstreamRuns: ReadonlyMap<string, readonly NodeRun[]>,
): NodeRun[] {
  return doc.edges
    .filter((edge) => edge.target === uid)
    .flatMap((edge) => sentOn(upstreamRuns.get(edge.source) ?? [], edge.sourceOutput))
    .map((input) => ({ input, outputs: [], duration_ms: 0 }));
}

/** The input 'Executar este conector' runs the node with: the last one it had or would have. */
export function lastInput(
  runs: readonly NodeRun[] | undefined,
): Record<string, unknown> | undefined {
  return runs?.findLast((run) => run.input !== null)?.input ?? undefined;
}
