import type { NodeDefinition } from '../kit/define-node';
import type { IncomingEdge, NodeRunContext, WebhookResponse } from '../kit/context';
import { createFlowData } from '../kit/flow-data';
import type { Message, NodeEmission } from '../kit/message';
import { emissions } from '../kit/message';
import type { Sandbox } from '../sandbox/sandbox';
import { evaluate } from '../expressions/expressions';
import { resolveParams } from '../expressions/resolve-params';
import { createFakePorts, type FakePorts } from './fake-ports';

export interface LogLine {
  type: 'user' | 'debug';
  label: string;
  message: unknown;
}

export interface NodeHarnessOptions {
  params?: Record<string, unknown>;
  input?: Message;
  ports?: FakePorts;
  sandbox?: Sandbox;
  flowData?: Record<string, unknown>;
  from?: IncomingEdge;
  incoming?: IncomingEdge[];
  /** Shared between calls to emulate several deliveries to the same node. */
  state?: { value: unknown };
  respond?: (response: WebhookResponse) => void;
  signal?: AbortSignal;
}

export interface NodeHarnessResult {
  emitted: NodeEmission[];
  logs: LogLine[];
  /** Every `progress` call, unthrottled (the executor throttles). */
  progress: { text: string; final: boolean }[];
  flowData: Record<string, unknown>;
  ports: FakePorts;
}

const noSandbox: Sandbox = {
  run: () => Promise.reject(new Error('Este teste não tem sandbox.')),
  dispose: () => undefined,
};

/**
 * Runs one node the way the executor does (params resolved against the message, flow data
 * and variables) with fake ports, and returns what it emitted and logged.
 */
export async function runNode(
  definition: NodeDefinition,
  options: NodeHarnessOptions = {},
  phase: 'run' | 'onIdle' = 'run',
): Promise<NodeHarnessResult> {
  const ports = options.ports ?? createFakePorts();
  const input = options.input ?? { payload: {} };
  const flow = createFlowData(options.flowData ?? {});
  const logs: LogLine[] = [];
  const progress: NodeHarnessResult['progress'] = [];
  const state = options.state ?? { value: undefined };
  const scope = { workspaceId: 'ws-1', flowId: 'flow-1', executionId: 'exec-1' };
  const signal = options.signal ?? new AbortController().signal;
  const data = async (msg: Message) => ({
    msg,
    flow: flow.snapshot(),
    vars: await ports.variables.all(scope, signal),
  });
  const params = await resolveParams(
    definition.manifest.params,
    options.params ?? {},
    await data(input),
  );
  const ctx: NodeRunContext<Record<string, unknown>> = {
    params,
    input,
    node: { uid: 'node-1', type: definition.manifest.type },
    ...(options.from ? { from: options.from } : {}),
    incoming: options.incoming ?? [],
    scope,
    ports,
    flow,
    vars: { get: (key) => ports.variables.get(scope, key, signal) },
    log: {
      user: (label, message) => void logs.push({ type: 'user', label, message }),
      debug: (label, message) => logs.push({ type: 'debug', label, message }),
    },
    progress: (text, final = false) => void progress.push({ text, final }),
    sandbox: options.sandbox ?? noSandbox,
    state: {
      get: () => state.value,
      set: (value) => (state.value = value),
      clear: () => (state.value = undefined),
    },
    evaluate: async (expression, msg) => evaluate(expression, await data(msg ?? input)),
    ...(options.respond ? { respond: options.respond } : {}),
    signal,
  };
  const handler = phase === 'run' ? definition.run : definition.onIdle;
  const emitted = handler ? emissions(await handler(ctx)) : [];
  return { emitted, logs, progress, flowData: flow.snapshot(), ports };
}
