/**
 * The engine reaches the world only through these ports; `apps/server` implements them in
 * `src/adapters/`, tests pass fakes. Every port call that can hang takes an AbortSignal.
 */

/** Who is asking: every workspace-owned port call is scoped to the execution's workspace. */
export interface ExecutionScope {
  workspaceId: string;
  flowId: string;
  executionId: string;
  /**
   * Executions that started one another before this one (a flow calling a webhook or another
   * flow): 0, or absent, for one started from outside (docs/adr/0020).
   */
  chainDepth?: number;
}

export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Already encoded: text, or bytes for binary and multipart bodies. */
  body?: string | Uint8Array;
  timeoutMs: number;
  signal: AbortSignal;
  /**
   * The chain depth an execution this request starts would have (the caller's plus one): the
   * server's client sends it as `x-ponte-chain`, so a flow calling its own webhook is caught.
   */
  chainDepth?: number;
}

/** The header outbound requests of an execution carry, read by the webhook trigger. */
export const chainHeader = 'x-ponte-chain';

/**
 * What a flow and its user code may hold in the server's own memory (docs/adr/0017). Every
 * bound of that kind is here; the messages that name them are pt-BR.
 */
export const memoryLimits = {
  /** Largest message (its JSON) a node may send: 16 MB. */
  messageBytes: 16 * 1024 * 1024,
  /** Largest response body, compressed or decoded, of any outbound request: 16 MB. */
  httpResponseBytes: 16 * 1024 * 1024,
  /** Requests of one sandbox run in flight at once (the others wait their turn). */
  sandboxConcurrentFetches: 4,
  /** Bodies of the requests of one sandbox run waiting for an answer, together: 64 MB. */
  sandboxRequestBodyBytes: 64 * 1024 * 1024,
  /** Host calls (timers, requests, getVar) one sandbox run may have waiting at once. */
  sandboxPendingCalls: 1_000,
  /** Characters of one console.log line of a sandbox run. */
  sandboxLogChars: 100_000,
  /** Intl objects (ICU data outside the isolate's heap) one sandbox run may create. */
  sandboxIntlObjects: 2_000,
  /** Characters one sandbox run may hand to Intl.Segmenter (each copied outside the heap). */
  sandboxSegmentedChars: 4 * 1024 * 1024,
  /** An execution's flow data, serialized as JSON: 1 MB. */
  flowDataBytes: 1024 * 1024,
  /** Keys in an execution's flow data, at every level. */
  flowDataKeys: 10_000,
  /** Characters of one key of the flow data. */
  flowDataKeyChars: 200,
  /** Characters of a path into the flow data (`pedido.itens.0.sku`). */
  flowDataPathChars: 1_000,
  /** Messages of one execution waiting for a node or being run, together: 128 MB. */
  executionWaitingBytes: 128 * 1024 * 1024,
  /** User and debug log lines of one execution (the rest are dropped, with a notice). */
  executionLogLines: 10_000,
  /** Characters of those lines, together: 10 MB. */
  executionLogBytes: 10 * 1024 * 1024,
} as const;

/** Largest response body (decoded) any outbound request may bring back: 16 MB. */
export const maxHttpResponseBytes = memoryLimits.httpResponseBytes;

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface HttpPort {
  request(request: HttpRequest): Promise<HttpResponse>;
}

/** Workspace then system variables; flow variables are resolved by the engine before these. */
export interface VariablesPort {
  get(scope: ExecutionScope, key: string): Promise<string | undefined>;
  /** Every variable visible to the execution, for `vars` in expressions. */
  all(scope: ExecutionScope): Promise<Record<string, string>>;
}

export interface ServiceAccount {
  _id: string;
  type: string;
  /** Decrypted fields of the account (token, username, password, host…). */
  data: Record<string, unknown>;
}

export interface ServiceAccountsPort {
  get(scope: ExecutionScope, id: string): Promise<ServiceAccount | undefined>;
}

export interface MailMessage {
  serviceAccountId: string;
  to: string[];
  subject: string;
  html?: string;
  text?: string;
}

export interface MailPort {
  send(
    scope: ExecutionScope,
    message: MailMessage,
    signal: AbortSignal,
  ): Promise<{ messageId?: string }>;
}

export interface ExecuteFlowRequest {
  flowId: string;
  payload: unknown;
  /** true: resolves with the called flow's last message; false: resolves once enqueued. */
  wait: boolean;
  signal: AbortSignal;
}

export interface FlowsPort {
  execute(
    scope: ExecutionScope,
    request: ExecuteFlowRequest,
  ): Promise<{ execution_id: string; msg?: unknown }>;
}

export interface ClockPort {
  now(): number;
  /** Resolves after `ms`, rejects with the signal's reason when aborted. Never blocks. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface EnginePorts {
  http: HttpPort;
  variables: VariablesPort;
  serviceAccounts: ServiceAccountsPort;
  mail: MailPort;
  flows: FlowsPort;
  clock: ClockPort;
  newId(): string;
}
