import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
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
import type { EngineTimers } from './timers';
import { logLimitNotice, type LogBudget } from './log-budget';

/** What every node of one execution shares. */
export interface ExecutionScopeData {
  scope: ExecutionScope;
  ports: EnginePorts;
  sandbox: Sandbox;
  flow: FlowData;
  vars: Record<string, string>;
  /** The workspace's own holidays, asked of the port once and only when used (`holidaysOnce`). */
  holidays: () => Promise<WorkspaceHoliday[]>;
  flowVariables: Record<string, string>;
  /** `ctx.vars`: the flow's variables, then the port's (one reader per execution). */
  varsReader: NodeRunContext<unknown>['vars'];
  signal: AbortSignal;
  /** The executor's clock (the throttle of `progress`). */
  timers: EngineTimers;
  respond?: (response: WebhookResponse) => void;
  /** The execution's log lines, bounded (memoryLimits). */
  logs: LogBudget;
  emit(event: EngineEvent): void;
  /** Whether someone watches the nodes live: else `node_progress` is not built (docs/adr/0128). */
  watched(): boolean;
  stateOf(uid: string): { get(): unknown; set(value: unknown): void; clear(): void };
  /** The flow's tool nodes as the node `uid` may call them, when the flow has any. */
  agentTools?: (uid: string) => AgentToolbox;
  /** A resumed execution's decision, for the first run of the node that waited (then gone). */
  resumed?: { nodeUid: string; value: unknown };
}

export function expressionData(shared: ExecutionScopeData, msg: Message) {
  return { msg, flow: shared.flow.get(), vars: shared.vars, holidays: shared.holidays };
}

/** The least time between two `node_progress` events of one node run (ms, on the executor's clock). */
export const progressIntervalMs = 100;

/** How a node run's `progress` is ended once the run is over (a text still waiting is dropped). */
const settlers = new WeakMap<ProgressReport, () => void>();

/** Ends the `progress` of a node run that is over: nothing it said later goes out. */
export function settleProgress(ctx: NodeRunContext<unknown>): void {
  settlers.get(ctx.progress)?.();
}

/**
 * The node's `progress`, throttled on the executor's clock: a changed text goes out at once when
 * `progressIntervalMs` passed since the last one, else when it has (the latest text of the wait
 * wins); `final` sends it at once.
 */
function progressOf(shared: ExecutionScopeData, node: FlowNode): ProgressReport {
  const { timers } = shared;
  let sentAt = Number.NEGATIVE_INFINITY;
  let sent: string | undefined;
  let waiting: string | undefined;
  let timer: unknown;
  let settled = false;
  const stopWaiting = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    waiting = undefined;
  };
  const send = (text: string) => {
    stopWaiting();
    sentAt = timers.now();
    sent = text;
    // Nobody watching: the text is not sent, and the throttle goes on as if it had been.
    if (!shared.watched()) return;
    shared.emit({
      execution_id: shared.scope.executionId,
      flow_id: shared.scope.flowId,
      timestamp: shared.ports.clock.now(),
      type: 'node_progress',
      node_uid: node.uid,
      node_type: node.type,
      text,
    });
  };
  const report: ProgressReport = (text, final = false) => {
    if (settled) return;
    if (text === sent) return stopWaiting();
    const wait = sentAt + progressIntervalMs - timers.now();
    if (final || wait <= 0) return send(text);
    waiting = text;
    timer ??= timers.setTimeout(() => {
      timer = undefined;
      if (waiting !== undefined && !settled) send(waiting);
    }, wait);
  };
  settlers.set(report, () => {
    settled = true;
    stopWaiting();
  });
  return report;
}

/** Resolves the node's params against `input` and builds the context `run` receives. */
export async function buildNodeContext(
  shared: ExecutionScopeData,
  node: FlowNode,
  definition: NodeDefinition,
  input: Message,
  incoming: IncomingEdge[],
  from: IncomingEdge | undefined,
  /**
   * This run's `ctx.resumed` (a part resumed by a wake) and whether the node may end the part
   * to wait durably; an agent's values for a tool node's params (data, not templates).
   */
  run: {
    resumed?: { value: unknown };
    waitDurably?: boolean;
    literal?: Record<string, unknown>;
  } = {},
): Promise<NodeRunContext<Record<string, unknown>>> {
  const { literal } = run;
  const data = expressionData(shared, input);
  const params = literal
    ? await resolveParams(definition.manifest.params, node.params, data, literal)
    : await resolveNodeParams(definition.manifest.params, node.params, data);
  const agentTools = shared.agentTools?.(node.uid);
  const resumed =
    run.resumed ?? (shared.resumed?.nodeUid === node.uid ? shared.resumed : undefined);
  if (!run.resumed && resumed) delete shared.resumed;
  const log = (log_type: 'user' | 'debug', label: string, message: unknown) => {
    const admitted = shared.logs.admit(message);
    if (admitted === 'drop') return false;
    const write = admitted === 'write';
    shared.emit({
      execution_id: shared.scope.executionId,
      flow_id: shared.scope.flowId,
      timestamp: shared.ports.clock.now(),
      type: 'log',
      log_type: write ? log_type : 'user',
      label: write ? label : 'Limite de log',
      message: write ? message : logLimitNotice,
      node_uid: node.uid,
      node_type: node.type,
    });
    return write;
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
    vars: shared.varsReader,
    log: {
      user: (label, message) => log('user', label, message),
      debug: (label, message) => log('debug', label, message),
    },
    progress: progressOf(shared, node),
    sandbox: shared.sandbox,
    state: shared.stateOf(node.uid),
    evaluate: (expression, msg) => evaluate(expression, expressionData(shared, msg ?? input)),
    ...(shared.respond ? { respond: shared.respond } : {}),
    ...(agentTools ? { agentTools } : {}),
    ...(resumed ? { resumed: resumed.value } : {}),
    ...(run.waitDurably ? { waitDurably: true } : {}),
    signal: shared.signal,
  };
}
