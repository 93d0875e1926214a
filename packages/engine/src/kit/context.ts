import type { EnginePorts, ExecutionScope } from '../ports';
import type { Message } from './message';
import type { Sandbox } from '../sandbox/sandbox';
import type { AgentToolbox } from './agent-tools';

export interface NodeLogger {
  /**
   * A `user` log line, shown in monitoring (core_log, console.* in code). `false` once the
   * execution's log is full: later lines are dropped (memoryLimits).
   */
  user(label: string, message: unknown): boolean | void;
  /** A `debug` log line, shown by the debugger. */
  debug(label: string, message: unknown): void;
}

/**
 * A running node's partial result for the live editor (a model's answer as it is written,
 * docs/adr/0102): the whole text so far each time. Sent at most every `progressIntervalMs`;
 * `final` sends it whatever the wait (the last text of the answer). Never a log line.
 */
export type ProgressReport = (text: string, final?: boolean) => void;

/** This execution's flow data (`flow` in expressions, getFlowData/setFlowData in code). */
export interface FlowData {
  get(path?: string): unknown;
  set(path: string, value: unknown): void;
  snapshot(): Record<string, unknown>;
}

/** Per-execution, per-node state that survives between deliveries (loop, merge). */
export interface NodeState<T = unknown> {
  get(): T | undefined;
  set(value: T): void;
  clear(): void;
}

export interface IncomingEdge {
  source: string;
  sourceOutput: string;
}

/** Answer of a webhook execution, for `core_respond_webhook`. */
export interface WebhookResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface NodeRunContext<P> {
  params: P;
  input: Message;
  node: { uid: string; type: string; label?: string };
  /** The edge that delivered `input` (absent for the trigger). */
  from?: IncomingEdge;
  /** Every edge into this node, in document order. */
  incoming: IncomingEdge[];
  scope: ExecutionScope;
  ports: EnginePorts;
  flow: FlowData;
  vars: { get(key: string): Promise<string | undefined> };
  log: NodeLogger;
  /** Tells the live editor the node's partial text (`node_progress`). */
  progress: ProgressReport;
  sandbox: Sandbox;
  state: NodeState;
  /** Evaluates a JSONata expression over `{msg, flow, vars}` (msg defaults to `input`). */
  evaluate(expression: string, msg?: Message): Promise<unknown>;
  /** Present when the execution came from a webhook waiting for a respond node. */
  respond?: (response: WebhookResponse) => void;
  /** The flow's tool nodes, when it has any (the 'Agente de IA' node calls them). */
  agentTools?: AgentToolbox;
  /** Set on the run of a node the execution resumed at after a person decided (docs/adr/0100). */
  resumed?: unknown;
  /**
   * The node may wait durably (docs/adr/0110): a production run where nothing holds items in
   * memory; a long wait throws `SuspendExecution` with a `wake` instead of sleeping.
   */
  waitDurably?: boolean;
  signal: AbortSignal;
}
