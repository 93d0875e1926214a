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

/** Largest response body (decoded) any outbound request may bring back: 16 MB. */
export const maxHttpResponseBytes = 16 * 1024 * 1024;

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
