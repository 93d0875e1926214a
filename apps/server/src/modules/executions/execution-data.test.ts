import { describe, expect, it } from 'vitest';
import type { NodeRunRecord } from '@ponte/engine/executor/events';
import { nodeRunSchema } from '@ponte/shared/execution-data.schema';
import {
  createNodeDataCapture,
  createSnapshotMemory,
  dataKeepingOf,
  startCapture,
  withoutWrittenSnapshots,
} from './execution-data';

const run = (
  node_uid: string,
  msg: unknown,
  outputs: [string, unknown][],
  extra: Partial<NodeRunRecord> = {},
): NodeRunRecord => ({
  node_uid,
  node_type: 'test',
  input: JSON.stringify(msg),
  outputs: outputs.map(([output, sent]) => ({ output, json: JSON.stringify(sent) })),
  duration_ms: 2,
  ...extra,
});

const caps = { perNodeBytes: 1000, perExecutionBytes: 1500 };

describe('what an execution keeps of each node', () => {
  it('keeps by the save level and the mode; none and the data off capture nothing', () => {
    expect(dataKeepingOf('all', 'production', false, 'on')).toBe('always');
    expect(dataKeepingOf('errors', 'production', false, 'on')).toBe('failed');
    expect(dataKeepingOf('none', 'production', false, 'on')).toBeNull();
    expect(dataKeepingOf('none', 'editor', false, 'on')).toBe('always');
    expect(dataKeepingOf('errors', 'production', true, 'on')).toBe('always');
    expect(dataKeepingOf('all', 'editor', true, 'off')).toBeNull();
  });

  it('joins each node runs into the JSON of NodeRun[], with a summary per node in first-run order', () => {
    const capture = createNodeDataCapture(caps);
    capture.record(run('a', { payload: 1 }, [['default', { payload: 1 }]]));
    capture.record(
      run('b', { payload: 1 }, [['error', { payload: 1, error: { message: 'x' } }]], {
        error: { message: 'Falhou' },
      }),
    );
    capture.record(
      run('a', { payload: 2 }, [
        ['true', { p: 2 }],
        ['true', { p: 3 }],
      ]),
    );
    const kept = capture.take();
    expect(kept.map((node) => [node.nodeUid, node.seq])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    const runs = nodeRunSchema.array().parse(JSON.parse(kept[0]!.runs));
    expect(runs).toEqual([
      {
        input: { payload: 1 },
        outputs: [{ output: 'default', msg: { payload: 1 } }],
        duration_ms: 2,
      },
      {
        input: { payload: 2 },
        outputs: [
          { output: 'true', msg: { p: 2 } },
          { output: 'true', msg: { p: 3 } },
        ],
        duration_ms: 2,
      },
    ]);
    expect(JSON.parse(kept[0]!.summary)).toEqual({
      node_uid: 'a',
      status: 'success',
      runs: 2,
      items: 3,
      outputs: { default: 1, true: 2 },
      duration_ms: 4,
    });
    expect(JSON.parse(kept[1]!.summary)).toMatchObject({
      status: 'error',
      error: { message: 'Falhou' },
      outputs: { error: 1 },
    });
    expect(capture.take()).toEqual([]);
  });

  it('drops the messages of a run over a cap and keeps its counts, outputs and error', () => {
    const capture = createNodeDataCapture(caps);
    const big = { text: 'x'.repeat(600) };
    capture.record(run('a', {}, [['default', big]]));
    // Over the node's cap (1000): its second run loses its messages.
    capture.record(run('a', big, [['default', big]], { error: { message: 'Falhou' } }));
    capture.record(run('b', {}, [['default', big]]));
    // Over the execution's cap (1500) though within its node's.
    capture.record(run('c', {}, [['default', big]]));
    const [a, b, c] = capture.take();
    const aRuns = nodeRunSchema.array().parse(JSON.parse(a!.runs));
    expect(aRuns[0]!.outputs[0]!.msg).toEqual(big);
    expect(aRuns[1]).toEqual({
      input: null,
      outputs: [{ output: 'default', msg: null }],
      duration_ms: 2,
      error: { message: 'Falhou' },
      truncated: { bytes: 2 * JSON.stringify(big).length },
    });
    expect(JSON.parse(a!.summary)).toMatchObject({ runs: 2, items: 2, truncated: true });
    expect(JSON.parse(b!.runs)[0].truncated).toBeUndefined();
    expect(JSON.parse(c!.runs)[0]).toMatchObject({ input: null, truncated: { bytes: 613 } });
    expect(a!.bytes + b!.bytes + c!.bytes).toBeLessThanOrEqual(1500);
  });

  it('errors: a success keeps nothing, a failure keeps its nodes and the flow version', () => {
    const flow = { version: 1, nodes: [], edges: [] };
    const where = { workspaceId: 'w', flowId: 'f' };
    const ok = startCapture('errors', 'production', false, 'on')!;
    ok.record(run('a', {}, [['default', {}]]));
    expect(ok.end('success', where, flow)).toBeUndefined();
    const failed = startCapture('errors', 'production', false, 'on')!;
    failed.record(run('a', {}, [['default', {}]]));
    const kept = failed.end('error', where, flow)!;
    expect(kept.nodes).toHaveLength(1);
    expect(kept.flowHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(kept.snapshot!.json)).toEqual(flow);
    expect(startCapture('none', 'production', false, 'on')).toBeNull();
  });

  it('carries each flow version once per batch, and not again once written', () => {
    const memory = createSnapshotMemory();
    const data = (flowHash: string) => ({
      data: {
        workspaceId: 'w',
        flowId: 'f',
        flowHash,
        snapshot: { hash: flowHash, json: '{}' },
        nodes: [],
      },
    });
    const carried = (items: ReturnType<typeof data>[]) =>
      withoutWrittenSnapshots(items, memory).map((item) => Boolean(item.data.snapshot));
    expect(carried([data('h1'), data('h1'), data('h2')])).toEqual([true, false, true]);
    memory.remember('f', 'h1');
    expect(carried([data('h1'), data('h2')])).toEqual([false, true]);
  });
});
