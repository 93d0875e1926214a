import { afterAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createEngine } from '../engine';
import type { EngineEvent, ExecutionResult } from '../executor/events';
import { createFakePorts } from '../testing/fake-ports';
import { bestLatencyRatio, median } from '../testing/latency';
import type { SandboxKill } from './sandbox';

/**
 * One workspace cannot starve another of the sandbox (docs/adr/0020): with workspace A keeping
 * six busy loops queued on the pool of two isolates, a trivial code flow of workspace B stays
 * within a few times its unloaded latency, measured in the same test. Before per-workspace
 * slots, B waited behind A's loops (each up to the time limit), thousands of times slower.
 */
const kills: SandboxKill[] = [];
const engine = createEngine({
  ports: createFakePorts(),
  limits: { sandbox: { timeoutMs: 1_000 } },
  // The pool of the issue: two isolates, one per workspace at most. (A larger pool gives A more
  // busy loops than the machine has cores, and B then waits for the CPU, not for an isolate.)
  sandboxIsolates: 2,
  onSandboxKilled: (kill) => kills.push(kill),
});
afterAll(() => engine.dispose());

const codeFlow = (code: string): FlowDocument => ({
  version: 1,
  nodes: [
    {
      uid: 'gatilho',
      type: 'core_manual_trigger',
      typeVersion: 1,
      position: { x: 0, y: 0 },
      params: {},
    },
    {
      uid: 'codigo',
      type: 'core_code',
      typeVersion: 1,
      position: { x: 200, y: 0 },
      params: { code },
    },
  ],
  edges: [{ id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'codigo' }],
});

const busyLoop = codeFlow("console.log('girando'); while (true) {}");
const trivial = codeFlow('msg.payload.dobro = msg.payload.n * 2; return msg;');

let count = 0;
function execute(
  workspaceId: string,
  flow: FlowDocument,
  extra: { signal?: AbortSignal; onEvent?: (event: EngineEvent) => void } = {},
): Promise<ExecutionResult> {
  return engine.execute({
    executionId: `exec-${++count}`,
    workspaceId,
    flowId: `flow-${workspaceId}`,
    flow,
    trigger: { nodeUid: 'gatilho', msg: { payload: { n: 21 } } },
    ...extra,
  });
}

/** Milliseconds of B's trivial flow, run `times` times one after the other. */
async function latenciesOfB(times: number): Promise<number[]> {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const result = await execute('ws-b', trivial);
    took.push(performance.now() - started);
    expect(result.status, result.error?.message).toBe('success');
    expect((result.lastMessage as { payload?: unknown } | undefined)?.payload).toEqual({
      n: 21,
      dobro: 42,
    });
  }
  return took;
}

describe('the sandbox is shared fairly between workspaces', () => {
  it("keeps B's trivial code flow within 5× its unloaded latency while A runs six busy loops", async () => {
    await latenciesOfB(3); // isolates created, bootstrap compiled
    const { ratio, pairs } = await bestLatencyRatio(async () => {
      const unloaded = median(await latenciesOfB(15));

      // A floods: six runs of a busy loop at all times, each replaced as soon as it ends.
      const flood = new AbortController();
      let started = 0;
      let signalSpinning: () => void;
      const spinning = new Promise<void>((resolve) => (signalSpinning = resolve));
      const onEvent = (event: EngineEvent) => {
        if (event.type === 'node_started' && event.node_uid === 'codigo') started++;
        if (event.type === 'log' && event.message === 'girando') signalSpinning();
      };
      const keepBusy = async () => {
        while (!flood.signal.aborted)
          await execute('ws-a', busyLoop, { signal: flood.signal, onEvent });
      };
      const flooding = Array.from({ length: 6 }, keepBusy);
      await spinning;
      // All six of A's runs have asked the sandbox for an isolate before B starts.
      await expect.poll(() => started).toBeGreaterThanOrEqual(6);

      const loaded = median(await latenciesOfB(5));
      flood.abort(new Error('fim do teste'));
      await Promise.all(flooding);
      return { unloaded, loaded };
    }, 5);

    expect(ratio, `B: ${pairs}`).toBeLessThan(5);
  }, 60_000);

  it('reports a run killed at its time limit once, with its execution', async () => {
    kills.length = 0;
    const result = await execute('ws-a', codeFlow('while (true) {}'));
    expect(result.status).toBe('error');
    expect(kills).toEqual([
      {
        scope: { workspaceId: 'ws-a', flowId: 'flow-ws-a', executionId: `exec-${count}` },
        reason: 'timeout',
        message: 'O código excedeu o tempo limite de 1 s.',
      },
    ]);
  }, 30_000);
});
