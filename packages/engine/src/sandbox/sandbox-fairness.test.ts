import { afterAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createEngine } from '../engine';
import type { EngineEvent, ExecutionResult } from '../executor/events';
import { createFakePorts } from '../testing/fake-ports';
import type { SandboxKill } from './sandbox';

/**
 * One workspace cannot starve another of the sandbox (docs/adr/0020): with workspace A keeping
 * six busy loops queued on the pool of two isolates, a trivial code flow of workspace B runs
 * while every one of A's loops is still spinning. Before per-workspace slots, B waited behind
 * A's loops until one of them was killed at the time limit.
 */
function engineWithKills(timeoutMs: number) {
  const kills: SandboxKill[] = [];
  const engine = createEngine({
    ports: createFakePorts(),
    limits: { sandbox: { timeoutMs } },
    // The pool of the issue: two isolates, one per workspace at most.
    sandboxIsolates: 2,
    onSandboxKilled: (kill) => kills.push(kill),
  });
  afterAll(() => engine.dispose());
  return { engine, kills };
}
const { engine, kills } = engineWithKills(1_000);
// A's loops would be killed only after twenty seconds: B must not wait for that.
const patient = engineWithKills(20_000);

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
  on = engine,
): Promise<ExecutionResult> {
  return on.execute({
    executionId: `exec-${++count}`,
    workspaceId,
    flowId: `flow-${workspaceId}`,
    flow,
    trigger: { nodeUid: 'gatilho', msg: { payload: { n: 21 } } },
    ...extra,
  });
}

describe('the sandbox is shared fairly between workspaces', () => {
  it("runs B's trivial code flow while A's six busy loops all still spin", async () => {
    const runB = async () => {
      const result = await execute('ws-b', trivial, {}, patient.engine);
      expect(result.status, result.error?.message).toBe('success');
      expect((result.lastMessage as { payload?: unknown } | undefined)?.payload).toEqual({
        n: 21,
        dobro: 42,
      });
    };
    await runB(); // isolates created, bootstrap compiled

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
        await execute('ws-a', busyLoop, { signal: flood.signal, onEvent }, patient.engine);
    };
    const flooding = Array.from({ length: 6 }, keepBusy);
    await spinning;
    // All six of A's runs have asked the sandbox for an isolate before B starts.
    await expect.poll(() => started).toBeGreaterThanOrEqual(6);

    for (let i = 0; i < 5; i++) {
      await runB();
      // None of A's loops had to reach its time limit for B to get an isolate.
      expect(patient.kills).toEqual([]);
    }
    flood.abort(new Error('fim do teste'));
    await Promise.all(flooding);
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
