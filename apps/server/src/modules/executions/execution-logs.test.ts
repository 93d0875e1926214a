import { describe, expect, it } from 'vitest';
import { createRegistry } from '@ponte/engine/kit/registry';
import { builtinNodes } from '@ponte/engine/nodes/index';
import type { EngineEvent } from '@ponte/engine/executor/events';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { logsOf } from './execution-logs';
import { nodeNamer } from './node-namer';

const flow: FlowDocument = {
  version: 1,
  nodes: [
    { uid: 'calc', type: 'core_code', typeVersion: 1, position: { x: 0, y: 0 }, params: {} },
    {
      uid: 'aviso',
      type: 'core_log',
      typeVersion: 1,
      label: 'Avisar o time',
      position: { x: 0, y: 0 },
      params: {},
    },
  ],
  edges: [],
};

const paused = (node_uid: string, node_type: string): EngineEvent => ({
  type: 'debug_paused',
  execution_id: 'e1',
  flow_id: 'f1',
  timestamp: Date.UTC(2026, 10, 28, 12),
  node_uid,
  node_type,
  label: node_type,
  output: 'default',
  msg: { payload: 1 },
  is_breakpoint: false,
});

describe('logsOf', () => {
  const nameOf = nodeNamer(flow, { registry: createRegistry(builtinNodes) });

  it("labels a held output's debug line with the connector's name, never its type id", () => {
    const [line] = logsOf(paused('calc', 'core_code'), 'w1', nameOf);
    expect(line).toMatchObject({ type: 'debug', nodeUid: 'calc', label: 'Código' });
  });

  it("labels it with the node's own label when the flow gives one", () => {
    const [line] = logsOf(paused('aviso', 'core_log'), 'w1', nameOf);
    expect(line?.label).toBe('Avisar o time');
  });

  it("writes no line for a model's growing answer: it is for the live editor only", () => {
    const progress: EngineEvent = {
      type: 'node_progress',
      execution_id: 'e1',
      flow_id: 'f1',
      timestamp: Date.UTC(2026, 10, 28, 12),
      node_uid: 'ia',
      node_type: 'svc_llm',
      text: 'O pedido 42 foi',
    };
    expect(logsOf(progress, 'w1', nameOf)).toEqual([]);
  });
});
