import { afterAll, describe, expect, it } from 'vitest';
import { unavailableNodes } from '@ponte/shared/flow/node-availability';
import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { createEngine } from '../engine';
import { defineNode } from '../kit/define-node';
import type { Sandbox } from '../sandbox/sandbox';
import { createFakePorts } from '../testing/fake-ports';

const noSandbox: Sandbox = {
  run: () => Promise.reject(new Error('Este teste não tem sandbox.')),
  dispose: () => undefined,
};

/** Version 1 greets in Portuguese, version 2 in English: the output tells which one ran. */
const greeter = (version: number) =>
  defineNode({
    type: 'test_greeter',
    version,
    category: 'action',
    label: `Saudação v${version}`,
    description: 'Escreve uma saudação.',
    icon: 'hand',
    params: {},
    outputs: { default: { label: 'Saída' } },
    async run({ input }) {
      return { output: 'default', msg: { ...input, payload: version === 1 ? 'olá' : 'hello' } };
    },
  });

const trigger: FlowNode = {
  uid: 't',
  type: 'core_manual_trigger',
  typeVersion: 1,
  position: { x: 0, y: 0 },
  params: {},
};

const flowWith = (node: FlowNode): FlowDocument => ({
  version: 1,
  nodes: [trigger, node],
  edges: [{ id: 'e', source: 't', sourceOutput: 'default', target: node.uid }],
});

const engines: { dispose(): void }[] = [];
afterAll(() => engines.forEach((engine) => engine.dispose()));

function engineWith(...versions: number[]) {
  const ports = createFakePorts();
  let variableReads = 0;
  const all = ports.variables.all.bind(ports.variables);
  ports.variables.all = (scope, signal) => {
    variableReads++;
    return all(scope, signal);
  };
  const engine = createEngine({ ports, sandbox: noSandbox, nodes: versions.map(greeter) });
  engines.push(engine);
  const run = (flow: FlowDocument) =>
    engine.execute({
      executionId: 'x',
      workspaceId: 'ws',
      flowId: 'f',
      flow,
      trigger: { nodeUid: 't', msg: { payload: null } },
    });
  const greeting = async (flow: FlowDocument) => {
    const { lastMessage } = await run(flow);
    return lastMessage && typeof lastMessage === 'object' && 'payload' in lastMessage
      ? lastMessage.payload
      : undefined;
  };
  return { engine, ports, run, greeting, variableReads: () => variableReads };
}

describe('pinned node versions', () => {
  const saved = flowWith({
    uid: 'g',
    type: 'test_greeter',
    typeVersion: 1,
    position: { x: 200, y: 0 },
    params: {},
  });

  it('keeps a flow saved with v1 on v1 after v2 exists, and adds v2 from the library', async () => {
    expect(await engineWith(1).greeting(saved)).toBe('olá');

    const { engine, greeting } = engineWith(1, 2);
    expect(await greeting(saved)).toBe('olá');

    // The palette adds the version the library lists: the newest.
    const listed = engine.manifests().find((manifest) => manifest.type === 'test_greeter')!;
    expect(listed.version).toBe(2);
    const added = flowWith({
      uid: 'g',
      type: listed.type,
      typeVersion: listed.version,
      position: { x: 200, y: 0 },
      params: {},
    });
    expect(await greeting(added)).toBe('hello');
  });

  it('reads a node without typeVersion as version 1', async () => {
    const { typeVersion: _v, ...legacy } = saved.nodes[1]!;
    expect(await engineWith(1, 2).greeting(flowWith(legacy as FlowNode))).toBe('olá');
  });

  it('refuses a flow pinned to a version that no longer exists', async () => {
    const { run, variableReads } = engineWith(2);
    const result = await run(saved);
    expect(result.status).toBe('error');
    expect(result.error).toEqual({
      message:
        'O conector "Saudação v2" usa a versão 1 de test_greeter, que não existe mais nesta instalação.',
      node_uid: 'g',
    });
    expect(variableReads()).toBe(0);
  });
});

describe('nodes whose area does not exist yet', () => {
  it('refuses the flow before any port is called', async () => {
    const unavailable = unavailableNodes as Record<string, string>;
    unavailable.test_greeter = 'Disponível quando a área de teste existir.';
    try {
      const { run, variableReads } = engineWith(1);
      const log: FlowNode = {
        uid: 'l',
        type: 'core_log',
        typeVersion: 1,
        position: { x: 200, y: 0 },
        params: { label: 'x', message: 'y' },
      };
      const greeter: FlowNode = {
        uid: 'q',
        type: 'test_greeter',
        typeVersion: 1,
        label: 'Saudação da área',
        position: { x: 0, y: 200 },
        params: {},
      };
      const flow = flowWith(log);
      const result = await run({ ...flow, nodes: [...flow.nodes, greeter] });
      expect(result.status).toBe('error');
      expect(result.error).toEqual({
        message:
          'O conector "Saudação da área" (test_greeter) ainda não pode ser usado nesta instalação. Disponível quando a área de teste existir.',
        node_uid: 'q',
      });
      expect(result.steps).toBe(0);
      expect(variableReads()).toBe(0);
    } finally {
      delete unavailable.test_greeter;
    }
  });
});
