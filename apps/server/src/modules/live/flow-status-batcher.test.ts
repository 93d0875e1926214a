import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvent } from '@ponte/engine/executor/events';
import { flowStatusTextChars, type FlowStatusEvent } from '@ponte/shared/execution-data.schema';
import type { ExecutionRow } from '../executions/executions.repository';
import { EventEmitter } from 'node:events';
import { liveWatchersOf } from '../../lib/live-watchers';
import { createFlowStatusBatcher, followRunner } from './flow-status-batcher';

const execution = (id: string, flowId = 'f1', extra: object = {}) =>
  ({ id, flowId, workspaceId: 'w1', ...extra }) as unknown as ExecutionRow;

const base = (executionId: string, flowId = 'f1') => ({
  execution_id: executionId,
  flow_id: flowId,
  timestamp: 0,
});
const started = (uid: string, executionId = 'e1'): EngineEvent => ({
  ...base(executionId),
  type: 'node_started',
  node_uid: uid,
  node_type: 'core_log',
});
const done = (uid: string, outputs: string[], executionId = 'e1'): EngineEvent => ({
  ...base(executionId),
  type: 'node_finished',
  node_uid: uid,
  node_type: 'core_log',
  duration_ms: 1,
  output_size: 1,
  outputs,
});

const progress = (uid: string, text: string): EngineEvent => ({
  ...base('e1'),
  type: 'node_progress',
  node_uid: uid,
  node_type: 'svc_llm',
  text,
});

function setup(watchedFlows: string[] = ['f1']) {
  const sent: { flowId: string; event: FlowStatusEvent }[] = [];
  const watched = vi.fn((flowId: string) => watchedFlows.includes(flowId));
  const batcher = createFlowStatusBatcher({
    throttleMs: 250,
    watched,
    send: (flowId, event) => sent.push({ flowId, event }),
    onError: (error) => {
      throw error;
    },
  });
  return { batcher, sent, watched };
}

describe('the live node status batcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first state at once, then one event per window with the last states', () => {
    const { batcher, sent } = setup();
    batcher.started(execution('e1', 'f1', { mode: 'editor' }));
    expect(sent).toEqual([
      { flowId: 'f1', event: { execution_id: 'e1', mode: 'editor', nodes: [] } },
    ]);
    batcher.event(started('a'));
    batcher.event(done('a', ['default', 'default']));
    batcher.event(started('b'));
    batcher.event(started('a'));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(250);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.event.nodes).toEqual([
      { node_uid: 'a', state: 'running', items: 2 },
      { node_uid: 'b', state: 'running', items: 0 },
    ]);
    batcher.event(done('a', ['true']));
    batcher.event({
      ...base('e1'),
      type: 'node_failed',
      node_uid: 'b',
      node_type: 'core_log',
      duration_ms: 1,
      error: { message: 'falhou' },
      handled: false,
    });
    batcher.finished(
      { execution_id: 'e1', status: 'error', execution_time: 1, steps: 2 },
      execution('e1'),
    );
    expect(sent).toHaveLength(3);
    expect(sent[2]!.event).toEqual({
      execution_id: 'e1',
      mode: 'editor',
      finished: 'error',
      nodes: [
        { node_uid: 'a', state: 'success', items: 3 },
        { node_uid: 'b', state: 'error', items: 0 },
      ],
    });
    // The window's timer went with the end: nothing more.
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(3);
  });

  it('shows a node waiting for a new attempt, and drops it once the node starts again', () => {
    const { batcher, sent } = setup(['f1']);
    batcher.started(execution('e1'));
    const retry = { attempt: 2, of: 4, at: Date.parse('2026-11-30T15:00:05Z') };
    batcher.event({
      ...base('e1'),
      type: 'node_failed',
      node_uid: 'api',
      node_type: 'core_http_request',
      duration_ms: 1,
      error: { message: 'status 503' },
      handled: true,
      attempt: 1,
      retry,
    });
    vi.advanceTimersByTime(250);
    expect(sent.at(-1)!.event.nodes).toEqual([
      { node_uid: 'api', state: 'retrying', retry, items: 0 },
    ]);
    batcher.event(started('api'));
    vi.advanceTimersByTime(250);
    expect(sent.at(-1)!.event.nodes).toEqual([{ node_uid: 'api', state: 'running', items: 0 }]);
  });

  it('sends nothing of a flow nobody watches, asking once per event', () => {
    const { batcher, sent, watched } = setup([]);
    batcher.started(execution('e1'));
    batcher.event(started('a'));
    batcher.event(done('a', ['default']));
    batcher.finished(
      { execution_id: 'e1', status: 'success', execution_time: 1, steps: 1 },
      execution('e1'),
    );
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([]);
    expect(watched).toHaveBeenCalledTimes(3);
  });

  it('follows a run from the first event seen once its flow is watched', () => {
    const watchedFlows: string[] = [];
    const { batcher, sent } = setup(watchedFlows);
    batcher.started(execution('e1'));
    batcher.event(done('a', ['default']));
    watchedFlows.push('f1');
    batcher.event(started('b'));
    expect(sent).toEqual([
      {
        flowId: 'f1',
        event: {
          execution_id: 'e1',
          mode: 'production',
          nodes: [{ node_uid: 'b', state: 'running', items: 0 }],
        },
      },
    ]);
  });

  it("carries a running model's text as it grows (the last one of the window), and drops it when the node ends", () => {
    const { batcher, sent } = setup();
    batcher.started(execution('e1'));
    batcher.event(started('ia'));
    batcher.event(progress('ia', 'O pedido'));
    batcher.event(progress('ia', 'O pedido 42 foi'));
    vi.advanceTimersByTime(250);
    expect(sent.at(-1)!.event.nodes).toEqual([
      { node_uid: 'ia', state: 'running', items: 0, text: 'O pedido 42 foi' },
    ]);
    batcher.event(progress('ia', 'x'.repeat(flowStatusTextChars + 10)));
    vi.advanceTimersByTime(250);
    expect(sent.at(-1)!.event.nodes[0]!.text).toBe(`…${'x'.repeat(flowStatusTextChars)}`);
    batcher.event(done('ia', ['default']));
    batcher.event(progress('ia', 'tarde demais'));
    vi.advanceTimersByTime(250);
    expect(sent.at(-1)!.event.nodes).toEqual([{ node_uid: 'ia', state: 'success', items: 1 }]);
  });
});

describe("the runner's watchers", () => {
  it('say a flow is watched while a batcher following the runner watches it, and not after', () => {
    const events = new EventEmitter();
    const watchers = liveWatchersOf(events);
    const open = new Set<string>();
    const batcher = createFlowStatusBatcher({
      throttleMs: 250,
      watched: (flowId) => open.has(flowId),
      send: () => undefined,
      onError: () => undefined,
    });
    expect(watchers.watching('f1')).toBe(false);
    const off = followRunner(events, batcher);
    expect(watchers.watching('f1')).toBe(false);
    // An editor opens the flow in the middle: the next node run asks again and is watched.
    open.add('f1');
    expect(watchers.watching('f1')).toBe(true);
    expect(watchers.watching('f2')).toBe(false);
    off();
    expect(watchers.watching('f1')).toBe(false);
    batcher.close();
  });
});
