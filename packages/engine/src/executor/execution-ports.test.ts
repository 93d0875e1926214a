import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { defineNode } from '../kit/define-node';
import type { FlowsPort } from '../ports';
import { createEngine } from '../engine';
import { createFakePorts } from '../testing/fake-ports';
import { createHarness } from '../testing/engine-harness';
import { limitMessages } from './limits';

const noSandbox = {
  run: () => Promise.reject(new Error('Este teste não tem sandbox.')),
  dispose: () => undefined,
};

function flowOf(...nodes: [uid: string, type: string, params?: Record<string, unknown>][]) {
  return {
    version: 1,
    nodes: nodes.map(([uid, type, params = {}], index) => ({
      uid,
      type,
      typeVersion: 1,
      params,
      position: { x: index * 100, y: 0 },
    })),
    edges: nodes.slice(1).map(([uid], index) => ({
      id: `e${index}`,
      source: nodes[index]![0],
      sourceOutput: 'default',
      target: uid,
    })),
  } as FlowDocument;
}

/** A port call that ends only when its signal aborts, telling the test which signal it got. */
function hanging(seen: AbortSignal[]) {
  return (signal: AbortSignal) => {
    seen.push(signal);
    return new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
    );
  };
}

const untilSeen = async (seen: unknown[]) => {
  for (let i = 0; i < 100 && !seen.length; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('the execution signal on the ports the executor calls itself', () => {
  it('reading the variables at the start ends when the execution is stopped', async () => {
    const harness = createHarness();
    const seen: AbortSignal[] = [];
    const hang = hanging(seen);
    harness.ports.variables.all = (_scope, signal) => hang(signal);
    const controller = new AbortController();
    const running = harness.run(
      flowOf(['t', 'test_trigger'], ['a', 'test_tag', { tag: 'a' }]),
      {},
      {
        signal: controller.signal,
      },
    );
    await untilSeen(seen);
    controller.abort(new Error('parar'));
    const result = await running;
    expect(result).toMatchObject({ status: 'stopped', error: { message: limitMessages.stopped } });
    expect(seen[0]?.aborted).toBe(true);
    expect(harness.visits).toEqual([]);
    harness.engine.dispose();
  });

  it("a node's vars.get carries the signal its run got, and ends with it", async () => {
    const seen: AbortSignal[] = [];
    const ports = createFakePorts();
    const hang = hanging(seen);
    ports.variables.get = (_scope, _key, signal) => hang(signal);
    let nodeSignal: AbortSignal | undefined;
    const reader = defineNode({
      type: 'test_read_var',
      version: 1,
      category: 'action',
      label: 'Ler variável',
      description: 'Lê uma variável que não é do flow.',
      icon: 'variable',
      params: {},
      outputs: { default: { label: 'Saída' } },
      async run({ vars, signal, input }) {
        nodeSignal = signal;
        await vars.get('FORA');
        return { output: 'default', msg: input };
      },
    });
    const engine = createEngine({ ports, sandbox: noSandbox, nodes: [reader] });
    const controller = new AbortController();
    const running = engine.execute({
      executionId: 'x',
      workspaceId: 'ws-1',
      flowId: 'f',
      flow: flowOf(['t', 'core_manual_trigger'], ['r', 'test_read_var']),
      trigger: { nodeUid: 't', msg: { payload: {} } },
      signal: controller.signal,
    });
    await untilSeen(seen);
    expect(seen).toEqual([nodeSignal]);
    controller.abort(new Error('parar'));
    expect((await running).status).toBe('stopped');
    engine.dispose();
  });
});

describe('the flows port of an execution', () => {
  const calling = flowOf(
    ['t', 'core_manual_trigger'],
    ['call', 'core_execute_flow', { flow: 'filho', payload: { n: 1 }, wait: true }],
  );

  it('is the one the execution brings, over the engine’s own', async () => {
    const harness = createHarness();
    const calls: unknown[] = [];
    const flows: FlowsPort = {
      async execute(scope, request) {
        calls.push({ scope, flowId: request.flowId, signal: request.signal.aborted });
        return { execution_id: 'filho-1', msg: { payload: 'do filho' } };
      },
    };
    const result = await harness.run(calling, {}, { flows });
    expect(result.status).toBe('success');
    expect(result.lastMessage).toMatchObject({
      payload: 'do filho',
      called_execution_id: 'filho-1',
    });
    expect(calls).toEqual([
      {
        scope: { workspaceId: 'ws-1', flowId: 'flow-1', executionId: 'exec-1' },
        flowId: 'filho',
        signal: false,
      },
    ]);
    expect(harness.ports.flowCalls).toEqual([]);
    harness.engine.dispose();
  });

  it('is refused in pt-BR when neither the execution nor the engine has one', async () => {
    const { flows: _flows, ...ports } = createFakePorts();
    const engine = createEngine({ ports, sandbox: noSandbox });
    const result = await engine.execute({
      executionId: 'x',
      workspaceId: 'ws-1',
      flowId: 'f',
      flow: calling,
      trigger: { nodeUid: 't', msg: { payload: {} } },
    });
    expect(result).toMatchObject({
      status: 'error',
      error: { message: 'Esta execução não pode chamar outros flows.', node_uid: 'call' },
    });
    engine.dispose();
  });
});
