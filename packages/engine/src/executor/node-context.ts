import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type {
  FlowData,
  IncomingEdge,
  NodeRunContext,
  ProgressReport,
  WebhookResponse,
} from '../kit/context';
import type { NodeDefinition } from '../kit/define-node';
import type { Message } from '../kit/message';
import type { EnginePorts, ExecutionScope } from '../ports';
import type { Sandbox } from '../sandbox/sandbox';
import { evaluate } from '../expressions/expressions';
import { resolveNodeParams, resolveParams } from '../expressions/resolve-params';
import type { AgentToolbox } from '../kit/agent-tools';
import type { EngineEvent } from './events';
import { logLimitNotice, type LogBudget } from './log-budget';

/** What every node of one execution shares. */
export interface ExecutionScopeData {
  scope: ExecutionScope;
  ports: EnginePorts;
  sandbox: Sandbox;
  flow: FlowData;
  vars: Record<string, string>;
  flowVariables: Record<string, string>;
  signal: AbortSignal;
  respond?: (response: WebhookResponse) => void;
  /** The execution's log lines, bounded (memoryLimits). */
  logs: LogBudget;
  emit(event: EngineEvent): void;
  stateOf(uid: string): { get(): unknown; set(value: unknown): void; clear(): void };
  /** The flow's tool nodes as the node `uid` may call them, when the flow has any. */
  agentTools?: (uid: string) => AgentToolbox;
}

export function expressionData(shared: ExecutionScopeData, msg: Message) {
  return { msg, flow: shared.flow.get(), vars: shared.vars };
}

/** The least time between two `node_progress` events of one node run (ms, on the clock port). */
export const progressIntervalMs = 100;

/**
 * The node's `progress`: a `node_progress` event when the text changed and `progressIntervalMs`
 * passed since the last one, or when `final` says it is the last text.
 */
function progressOf(
  shared: ExecutionScopeData,
  base: { execution_id: string; flow_id: string; node_uid: string; node_type: string },
): ProgressReport {
  let sentAt = Number.NEGATIVE_INFINITY;
  let sent: string | undefined;
  return (text, final = false) => {
    const now = shared.ports.clock.now();
    if (text === sent || (!final && now - sentAt < progressIntervalMs)) return;
    sentAt = now;
    sent = text;
    shared.emit({ ...base, type: 'node_progress', text, timestamp: now });
  };
}

/** Resolves the node's params against `input` and builds the context `run` receives. */
export async function buildNodeContext(
  shared: ExecutionScopeData,
  node: FlowNode,
  definition: NodeDefinition,
  input: Message,
  incoming: IncomingEdge[],
  from: IncomingEdge | undefined,
  /** An agent's values for a tool node's params: data, not templates. */
  literal?: Record<string, unknown>,
): Promise<NodeRunContext<Record<string, unknown>>> {
  const data = expressionData(shared, input);
  const params = literal
    ? await resolveParams(definition.manifest.params, node.params, data, literal)
    : await resolveNodeParams(definition.manifest.params, node.params, data);
  const agentTools = shared.agentTools?.(node.uid);
  const base = {
    execution_id: shared.scope.executionId,
    flow_id: shared.scope.flowId,
    node_uid: node.uid,
    node_type: node.type,
  };
  const log = (log_type: 'user' | 'debug') => (label: string, message: unknown) => {
    const admitted = shared.logs.admit(message);
    if (admitted === 'drop') return false;
    shared.emit({
      ...base,
      type: 'log',
      ...(admitted === 'write'
        ? { log_type, label, message }
        : { log_type: 'user', label: 'Limite de log', message: logLimitNotice }),
      timestamp: shared.ports.clock.now(),
    });
    return admitted === 'write';
  };
  return {
    params,
    input,
    node: { uid: node.uid, type: node.type, ...(node.label ? { label: node.label } : {}) },
    ...(from ? { from } : {}),
    incoming,
    scope: shared.scope,
    ports: shared.ports,
    flow: shared.flow,
    vars: {
      get: async (key) =>
        shared.flowVariables[key] ??
        (await shared.ports.variables.get(shared.scope, key, shared.signal)),
    },
    log: { user: log('user'), debug: log('debug') },
    progress: progressOf(shared, base),
    sandbox: shared.sandbox,
    state: shared.stateOf(node.uid),
    evaluate: (expression, msg) => evaluate(expression, expressionData(shared, msg ?? input)),
    ...(shared.respond ? { respond: shared.respond } : {}),
    ...(agentTools ? { agentTools } : {}),
    signal: shared.signal,
  };
}
