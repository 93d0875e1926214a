import type { ExecutionScope, HttpRequest, HttpResponse } from '../ports';
import type { Message } from '../kit/message';

/** A request of the code, as the host receives it. */
export type SandboxFetchRequest = Omit<HttpRequest, 'signal'> & { account?: string };

/** What user code can reach from inside the sandbox; every call crosses as plain data. */
export interface SandboxHost {
  getVar(key: string): Promise<string | undefined>;
  getFlowData(path?: string): unknown;
  setFlowData(path: string, value: unknown): void;
  /**
   * console.* and log() inside the sandbox become user logs; `false` once the execution takes
   * no more lines (the code then stops sending them).
   */
  log(level: 'log' | 'info' | 'warn' | 'error' | 'debug', text: string): boolean | void;
  /**
   * The network bridge behind axios, OpenAI and fetch. The host decides where it may go: the
   * server's network guard refuses internal addresses (docs/adr/0013). `account` names the
   * connector's service-account param the request goes through (`serviceAccount(name)`,
   * docs/adr/0041): the host applies that account's auth, and a relative URL is then allowed.
   */
  fetch(request: SandboxFetchRequest): Promise<HttpResponse>;
}

export interface SandboxLimits {
  /** Wall-clock per call (default 30 s). */
  timeoutMs: number;
  /** Isolate heap (default 128 MB). */
  memoryMb: number;
  /** Largest JSON of the returned value (default 16 MB). */
  maxOutputBytes: number;
}

export interface SandboxRunRequest {
  /** The body of an async function; `msg` (and `params` for connectors) are in scope. */
  code: string;
  /** The execution the code runs for: its workspace decides its share of the isolates. */
  scope: ExecutionScope;
  msg: Message;
  params?: Record<string, unknown>;
  host: SandboxHost;
  limits?: Partial<SandboxLimits>;
  signal: AbortSignal;
}

/** A run the sandbox had to kill: it ran past its time or memory limit. */
export interface SandboxKill {
  scope: ExecutionScope;
  reason: 'timeout' | 'memory';
  /** The pt-BR message the run failed with. */
  message: string;
}

export interface Sandbox {
  /**
   * Resolves with what the code returned (JSON data); when it returned nothing, with `msg` as
   * the code left it, so that changing `msg.payload` is enough.
   */
  run(request: SandboxRunRequest): Promise<unknown>;
  dispose(): void;
}
