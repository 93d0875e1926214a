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

/** One execution's trace (docs/adr/0131). */
export interface ExecutionTrace {
  readonly traceId: string;
  /** A node's end (`node_finished`, `node_failed`) becomes its span; other events are ignored. */
  node(event: EngineEvent): void;
  /** A span for an outbound call: method, host and path only (no query, no header values). */
  outbound(method: string, url: URL): OutboundSpan;
  /** A span around a group of database statements (the execution's end). */
  statements<T>(name: string, write: () => Promise<T>): Promise<T>;
  end(status: string, error?: string): void;
}

export interface ExecutionTracer {
  /** The execution span, child of the caller's W3C `traceparent` when one is given and valid. */
  start(info: ExecutionSpanInfo, traceparent?: string): ExecutionTrace;
  /** Sends what is buffered (tests, shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}
