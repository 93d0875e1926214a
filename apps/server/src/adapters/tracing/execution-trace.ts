import type { EngineEvent } from '@ponte/engine/executor/events';

/** What the execution span says of its execution (ids and kinds, never a payload). */
export interface ExecutionSpanInfo {
  executionId: string;
  flowId: string;
  workspaceId: string;
  triggerType: string;
  mode: string;
  /** A node's name in its span: the flow's label for it, else its type's. */
  nodeName: (nodeUid: string, nodeType: string) => string;
}

/** An outbound HTTP call's span: the headers to send (`traceparent`), then its end. */
export interface OutboundSpan {
  headers: Record<string, string>;
  end(outcome: { status?: number; error?: string }): void;
}

/**
 * Where spans go: an execution's trace, or one node run's within it (then its outbound calls,
 * statement groups and the spans of the nodes it runs itself, an agent's tools, are children of
 * the node's span).
 */
export interface TraceContext {
  readonly traceId: string;
  /**
   * A node's end (`node_finished`, `node_failed`) ends the node run's span when it is its
   * node's, else becomes a span of its own, back-dated; other events are ignored.
   */
  node(event: EngineEvent): void;
  /** A span for an outbound call: method, host and port only (no path, query or header value). */
  outbound(method: string, url: URL): OutboundSpan;
  /** A span around a group of database statements, named by the group (never the SQL). */
  statements<T>(name: string, write: () => Promise<T>): Promise<T>;
  /** A group of statements that ran from `start` to `end` (ms since the epoch), told after. */
  statementsRan(name: string, start: number, end: number): void;
  /** A node run's trace: its span starts now, ended by the run's end event or by `close`. */
  nodeRun(node: { uid: string; type: string }): NodeRunTrace;
}

/** One execution's trace (docs/adr/0131). */
export interface ExecutionTrace extends TraceContext {
  end(status: string, error?: string): void;
}

export interface NodeRunTrace extends TraceContext {
  /** The run is over: a span its end event did not end ends `interrupted` (the execution ended). */
  close(): void;
}

export interface ExecutionTracer {
  /**
   * The execution span, child of the caller's W3C `traceparent` when one is given and valid;
   * from `startTime` (ms since the epoch) when given, else now.
   */
  start(info: ExecutionSpanInfo, traceparent?: string, startTime?: number): ExecutionTrace;
  /** Sends what is buffered (tests, shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}
