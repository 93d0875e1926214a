import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createEngine, type Engine } from '../engine';
import type { EngineEvent, ExecutionResult } from '../executor/events';
import type { ExecuteOptions } from '../executor/execution';
import type { EngineLimits } from '../executor/limits';
import type { EngineTimers } from '../executor/timers';
import type { Sandbox } from '../sandbox/sandbox';
import { createFakePorts, type FakePorts } from './fake-ports';
import { createTestNodes } from './test-nodes';

export interface Harness {
  engine: Engine;
  ports: FakePorts;
  visits: string[];
  events: EngineEvent[];
  run(
    flow: FlowDocument,
    payload?: unknown,
    extra?: Partial<ExecuteOptions>,
  ): Promise<ExecutionResult>;
  /** Messages of `log` events with this label. */
  logged(label: string): unknown[];
}

const unusedSandbox: Sandbox = {
  run: () => Promise.reject(new Error('Este teste não tem sandbox.')),
  dispose: () => undefined,
};

/** An engine with the built-in library plus the test nodes, on fake ports. */
export function createHarness(
  options: {
    limits?: Partial<EngineLimits>;
    ports?: FakePorts;
    sandbox?: Sandbox;
    timers?: EngineTimers;
  } = {},
): Harness {
  const ports = options.ports ?? createFakePorts();
  const { nodes, visits } = createTestNodes();
  const engine = createEngine({
    ports,
    sandbox: options.sandbox ?? unusedSandbox,
    nodes,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
  });
  const events: EngineEvent[] = [];
  let count = 0;
  return {
    engine,
    ports,
    visits,
    events,
    run(flow, payload = {}, extra = {}) {
      const trigger = flow.nodes.find(
        (node) => engine.registry.get(node.type)?.manifest.category === 'trigger',
      );
      return engine.execute({
        executionId: `exec-${++count}`,
        workspaceId: 'ws-1',
        flowId: 'flow-1',
        flow,
        trigger: { nodeUid: trigger?.uid ?? flow.nodes[0]!.uid, msg: { payload } },
        onEvent: (event) => events.push(event),
        ...extra,
      });
    },
    logged(label) {
      return events.flatMap((event) =>
        event.type === 'log' && event.label === label ? [event.message] : [],
      );
    },
  };
}
