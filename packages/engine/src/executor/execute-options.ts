import type { FlowDocument, FlowPins } from '@ponte/shared/flow/flow-document.schema';
import type { WebhookResponse } from '../kit/context';
import type { NodeDefinition } from '../kit/define-node';
import type { Message } from '../kit/message';
import type { NodeRegistry } from '../kit/registry';
import type { DebugSession } from '../debugger/debug-session';
import type { EngineWidePorts, FlowsPort } from '../ports';
import type { Sandbox } from '../sandbox/sandbox';
import type { EngineEvent, NodeRunRecord } from './events';
import type { EngineLimits } from './limits';
import type { EngineTimers } from './timers';

/** What one execution is asked to run (`runExecution`), and what the executor runs it with. */
export interface ExecuteOptions {
  executionId: string;
  workspaceId: string;
  flowId: string;
  /** Executions that started one another before this one (0 from outside). */
  chainDepth?: number;
  flow: FlowDocument;
  /** The flow's own variables: they win over workspace and system ones. */
  flowVariables?: { key: string; value: string }[];
  /** The trigger node and the message the server built from the event. */
  trigger: { nodeUid: string; msg: Message };
  /** Replay: deliver this message straight to this node instead of running the trigger. */
  startAt?: { nodeUid: string; msg: Message };
  /**
   * Resume after a person decided (docs/adr/0100): deliver `msg` straight to the node that
   * waited, which gets `value` as `ctx.resumed`; the flow data starts as it was.
   */
  resume?: { nodeUid: string; msg: Message; value: unknown; flowData?: Record<string, unknown> };
  /**
   * A part resumed for new attempts (docs/adr/0110): each message goes straight to its node,
   * counting the attempts that failed already; the flow data starts as it was.
   */
  retries?: {
    /** `resumed`: the node's `ctx.resumed` (a durable delay that elapsed). */
    deliveries: { nodeUid: string; msg: Message; attempt: number; resumed?: unknown }[];
    flowData?: Record<string, unknown>;
  };
  /**
   * Waits between attempts are recorded in the result and the execution ends `waiting`,
   * instead of waiting in memory (docs/adr/0110): the server's production runs.
   */
  durableWaits?: boolean;
  debug?: DebugSession;
  signal?: AbortSignal;
  respond?: (response: WebhookResponse) => void;
  onEvent?: (event: EngineEvent) => void;
  /**
   * Whether someone watches this execution's nodes live (the editor's node status), asked at
   * each node run (docs/adr/0128): while it answers false, the events only a live view reads
   * (`node_started`, `node_progress`) are not built at all; the others always are. Absent:
   * always true.
   */
  watched?: () => boolean;
  /**
   * Wraps each node run (after its step is counted; not a disabled or pinned node's pass):
   * the run's work and its end event happen inside `run`, so the caller can give the run an
   * async context of its own (the server's traces, docs/adr/0131). Absent: nothing is wrapped.
   */
  aroundNode?: <T>(node: { uid: string; type: string }, run: () => Promise<T>) => Promise<T>;
  /**
   * Node types this execution brings beside the engine's (the workspace's custom connectors at
   * the versions the flow pins, docs/adr/0041); only this execution sees them.
   */
  nodes?: readonly NodeDefinition[];
  /**
   * How this execution runs other flows (`core_execute_flow`): the server's runner gives its
   * own; absent, the engine's `ports.flows`.
   */
  flows?: FlowsPort;
  /**
   * Told of every node run with the JSON of what it received and sent (docs/adr/0089);
   * absent, nothing is captured.
   */
  capture?: (record: NodeRunRecord) => void;
  /**
   * Editor runs only, never production ones (docs/adr/0089): only `destination` and the nodes
   * leading to it run, and nothing after it; a node with pins sends them instead of running.
   */
  editor?: { destination: string; pins?: FlowPins };
}

export interface ExecutorDeps {
  registry: NodeRegistry;
  ports: EngineWidePorts;
  sandbox: Sandbox;
  limits: EngineLimits;
  timers: EngineTimers;
}
