import type { EventEmitter } from 'node:events';
import type { EngineEvent, ExecutionResult } from '@ponte/engine/executor/events';
import {
  flowStatusTextChars,
  type ExecutionMode,
  type FlowStatusEvent,
} from '@ponte/shared/execution-data.schema';
import type { ExecutionRow } from '../executions/executions.repository';
import { liveWatchersOf } from '../../lib/live-watchers';

export interface FlowStatusBatcherDeps {
  /** At most one event per execution in this many ms (the first one goes at once). */
  throttleMs: number;
  /** Whether an editor of the flow is open: one lookup; nothing else is done when it is not. */
  watched(flowId: string): boolean;
  send(flowId: string, event: FlowStatusEvent): void;
  onError(error: unknown): void;
}

type NodeState = FlowStatusEvent['nodes'][number];

interface TrackedExecution {
  flowId: string;
  mode: ExecutionMode;
  /** Every node seen so far, in the order each first started. */
  nodes: Map<string, NodeState>;
  /** When the last event left (ms); null: none yet. */
  sentAt: number | null;
  timer: NodeJS.Timeout | null;
}

/**
 * The execution's mode. The row gains `mode` ('production' | 'editor', docs/adr/0089); until it
 * does, every execution is a production one.
 */
export function executionModeOf(row: ExecutionRow): ExecutionMode {
  return (row as { mode?: ExecutionMode }).mode ?? 'production';
}

/** A running node's text as the live status carries it: its end, when long. */
const liveText = (text: string) =>
  text.length > flowStatusTextChars ? `…${text.slice(-flowStatusTextChars)}` : text;

/** The node events the live status is made of. */
const nodeEvents = new Set<EngineEvent['type']>([
  'node_started',
  'node_progress',
  'node_finished',
  'node_failed',
]);

/**
 * The live node status of the executions of watched flows (room `flow-status-{flowId}`, docs/adr/0089),
 * built from the runner's events: node_started → running, node_progress → its `text` so far
 * (docs/adr/0102), node_finished → success with its messages added to `items`, node_failed →
 * error, or `retrying` with the attempt to come when it will be tried again (docs/adr/0110); the text goes when the node ends or starts again. Each event carries every node seen so far, so a
 * page that joins late draws the whole run. Per execution: the first event goes at once, then at
 * most one every `throttleMs` (the last state wins), and one with `finished` at its end.
 *
 * An execution of a flow nobody watches costs one `watched` lookup per event and nothing else.
 * One that starts while its flow is unwatched is followed from the first event seen watched
 * (its mode then unknown: 'production').
 */
export function createFlowStatusBatcher(deps: FlowStatusBatcherDeps) {
  const tracked = new Map<string, TrackedExecution>();
  let closed = false;

  const track = (executionId: string, flowId: string, mode: ExecutionMode) => {
    const entry: TrackedExecution = { flowId, mode, nodes: new Map(), sentAt: null, timer: null };
    tracked.set(executionId, entry);
    return entry;
  };

  const send = (
    executionId: string,
    entry: TrackedExecution,
    finished?: FlowStatusEvent['finished'],
  ) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    entry.sentAt = Date.now();
    const event: FlowStatusEvent = {
      execution_id: executionId,
      mode: entry.mode,
      nodes: [...entry.nodes.values()].map((node) => ({ ...node })),
      ...(finished ? { finished } : {}),
    };
    try {
      deps.send(entry.flowId, event);
    } catch (error) {
      deps.onError(error);
    }
  };

  /** Something changed: sent at once the first time, else at the end of the throttle window. */
  const changed = (executionId: string, entry: TrackedExecution) => {
    if (closed || entry.timer) return;
    const wait = entry.sentAt === null ? 0 : entry.sentAt + deps.throttleMs - Date.now();
    if (wait <= 0) return send(executionId, entry);
    entry.timer = setTimeout(() => send(executionId, entry), wait);
    entry.timer.unref();
  };

  const nodeOf = (entry: TrackedExecution, nodeUid: string) => {
    let node = entry.nodes.get(nodeUid);
    if (!node) entry.nodes.set(nodeUid, (node = { node_uid: nodeUid, state: 'running', items: 0 }));
    return node;
  };

  return {
    /** Whether the flow is watched (the runner asks it before each node, docs/adr/0128). */
    watched: (flowId: string) => deps.watched(flowId),
    /** The runner's `started`. */
    started(execution: ExecutionRow): void {
      if (!deps.watched(execution.flowId)) return;
      const entry = track(execution.id, execution.flowId, executionModeOf(execution));
      changed(execution.id, entry);
    },
    /** The runner's `event`: only node events matter. */
    event(event: EngineEvent): void {
      if (!nodeEvents.has(event.type) || !('node_uid' in event)) return;
      if (!deps.watched(event.flow_id)) return;
      const entry =
        tracked.get(event.execution_id) ?? track(event.execution_id, event.flow_id, 'production');
      const node = nodeOf(entry, event.node_uid);
      if (event.type === 'node_progress') {
        // A late one (an agent's tool that failed mid-answer) never brings an ended node back.
        if (node.state !== 'running') return;
        node.text = liveText(event.text);
      } else delete node.text;
      if (event.type === 'node_started') node.state = 'running';
      else if (event.type === 'node_finished') {
        node.state = 'success';
        node.items += event.outputs.length;
      } else if (event.type === 'node_failed') {
        node.state = event.retry ? 'retrying' : 'error';
        if (event.retry) {
          const { attempt, of, at } = event.retry;
          node.retry = { attempt, of, at };
        }
      }
      if (event.type !== 'node_failed') delete node.retry;
      changed(event.execution_id, entry);
    },
    /** The runner's `finished`: the last event, with `finished`, when the flow is still watched. */
    finished(result: ExecutionResult, execution: ExecutionRow): void {
      const entry = tracked.get(execution.id);
      if (!entry) return;
      tracked.delete(execution.id);
      if (entry.timer) clearTimeout(entry.timer);
      if (!closed && deps.watched(execution.flowId)) send(execution.id, entry, result.status);
    },
    close(): void {
      closed = true;
      for (const entry of tracked.values()) if (entry.timer) clearTimeout(entry.timer);
      tracked.clear();
    },
  };
}

export type FlowStatusBatcher = ReturnType<typeof createFlowStatusBatcher>;

/**
 * Feeds the batcher with the runner's events, and tells the runner which flows it watches: the
 * engine builds the node events only the live view reads for those (docs/adr/0128). Returns the
 * unsubscribe.
 */
export function followRunner(events: EventEmitter, batcher: FlowStatusBatcher): () => void {
  const offWatchers = liveWatchersOf(events).add(batcher.watched);
  const onStarted = (execution: ExecutionRow) => batcher.started(execution);
  const onEvent = (event: EngineEvent) => batcher.event(event);
  const onFinished = (result: ExecutionResult, execution: ExecutionRow) =>
    batcher.finished(result, execution);
  events.on('started', onStarted);
  events.on('event', onEvent);
  events.on('finished', onFinished);
  return () => {
    offWatchers();
    events.off('started', onStarted);
    events.off('event', onEvent);
    events.off('finished', onFinished);
  };
}
