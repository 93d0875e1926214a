import { isUtf8 } from 'node:buffer';
import ivm from 'isolated-vm';
import { memoryLimits } from '../ports';
import { crossingError, type CrossingError } from './host-error';
import type { SandboxHost } from './sandbox';

export const pendingCallsMessage =
  `O código passou do limite de ${memoryLimits.sandboxPendingCalls.toLocaleString('pt-BR')} ` +
  'chamadas pendentes ao mesmo tempo (setTimeout, fetch, getVar).';
const fetchTimeoutMs = 30_000;
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
export const requestBodiesMessage =
  `O código passou do limite de ${megabytes(memoryLimits.sandboxRequestBodyBytes)} MB em ` +
  'corpos de requisições esperando resposta ao mesmo tempo.';

interface BridgeRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: { text?: string; base64?: string };
  account?: string;
}

/**
 * At most `size` holders at once, holding `maxBytes` together; the others wait in order, and
 * one that would pass `maxBytes` is refused. Once closed, nobody new gets in and whoever waits
 * is dropped (the run is over).
 */
function createSlots(size: number, maxBytes: number) {
  let used = 0;
  let held = 0;
  let closed = false;
  const waiting: (() => void)[] = [];
  return {
    async acquire(bytes: number): Promise<void> {
      if (closed) throw new Error('Execução interrompida.');
      if (held + bytes > maxBytes) throw new Error(requestBodiesMessage);
      held += bytes;
      if (used < size) {
        used++;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release(bytes: number): void {
      held -= bytes;
      const next = closed ? undefined : waiting.shift();
      if (next) next();
      else used--;
    },
    close(): void {
      closed = true;
      waiting.length = 0;
    },
  };
}

/**
 * The network bridge: relays a request of the code to `host.fetch`, a few at a time (each
 * response is held in the server's memory until it is copied into the isolate; docs/adr/0017).
 */
function fetchBridge(host: SandboxHost, slots: ReturnType<typeof createSlots>) {
  return async (raw: unknown) => {
    const request = raw as BridgeRequest;
    const url = String(request?.url ?? '');
    // Through a service account a relative URL goes to the account's base URL (the host checks).
    const account = request?.account === undefined ? undefined : String(request.account);
    if (account === undefined && !/^https?:\/\//i.test(url))
      throw new Error(`URL inválida: ${url}`);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.headers ?? {}))
      headers[String(key)] = String(value);
    const body =
      request.body?.base64 !== undefined
        ? new Uint8Array(Buffer.from(String(request.body.base64), 'base64'))
        : request.body?.text;
    // The bodies of requests waiting for their turn are held here: bounded together. (The
    // bootstrap sends only a few at a time; this holds even if the code got around it.)
    const bodyBytes = typeof body === 'string' ? Buffer.byteLength(body) : (body?.byteLength ?? 0);
    await slots.acquire(bodyBytes);
    try {
      const response = await host.fetch({
        method: String(request.method || 'GET').toUpperCase(),
        url,
        headers,
        ...(body !== undefined ? { body } : {}),
        timeoutMs: fetchTimeoutMs,
        ...(account !== undefined ? { account } : {}),
      });
      if (response.body.byteLength > memoryLimits.httpResponseBytes) {
        throw new Error('A resposta é grande demais para o código (mais de 16 MB).');
      }
      const bytes = Buffer.from(
        response.body.buffer,
        response.body.byteOffset,
        response.body.byteLength,
      );
      // The body crosses once: as text, which gives the bytes back when it is UTF-8; a body
      // that is not UTF-8 also crosses as base64, for arrayBuffer().
      return {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        text: bytes.toString('utf8'),
        ...(isUtf8(bytes) ? {} : { base64: bytes.toString('base64') }),
      };
    } finally {
      slots.release(bodyBytes);
    }
  };
}

type Answer = { ok: unknown } | { error: CrossingError };

/**
 * The sandbox's boundary (the one way every bridge answers): a host function's result crosses
 * as `{ok}`, its failure as `{error}` (name, message without server paths, code), never as a
 * thrown host error. The bootstrap makes a new error inside the isolate from it, so no host
 * stack, cause or property reaches the code. Works for sync and async functions alike.
 */
function crossing<A extends unknown[]>(fn: (...args: A) => unknown) {
  return (...args: A): Answer | Promise<Answer> => {
    let result: unknown;
    try {
      result = fn(...args);
    } catch (error) {
      return { error: crossingError(error) };
    }
    if (!(result instanceof Promise)) return { ok: result };
    return result.then(
      (ok: unknown) => ({ ok }),
      (error: unknown) => ({ error: crossingError(error) }),
    );
  };
}

/**
 * The host functions user code reaches, as references that copy plain data both ways. Each one
 * checks what it receives: the code may call them with anything. Every one answers through
 * `crossing`.
 */
export function createHostBridges(host: SandboxHost) {
  const sleeping = new Set<NodeJS.Timeout>();
  // A run has only a few requests in flight, whatever it starts at once.
  const fetchSlots = createSlots(
    memoryLimits.sandboxConcurrentFetches,
    memoryLimits.sandboxRequestBodyBytes,
  );
  const plain = (value: unknown) =>
    value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  const bridge = <A extends unknown[]>(fn: (...args: A) => unknown) =>
    new ivm.Reference(crossing(fn));

  let pending = 0;
  /**
   * Each call waiting on the host costs the server memory (a timer, a request, a promise): a
   * run has a bounded number of them at once.
   */
  const counted =
    <A extends unknown[]>(fn: (...args: A) => Promise<unknown>) =>
    async (...args: A) => {
      if (pending >= memoryLimits.sandboxPendingCalls) throw new Error(pendingCallsMessage);
      pending++;
      try {
        return await fn(...args);
      } finally {
        pending--;
      }
    };

  const references = {
    getVar: bridge(counted(async (key: unknown) => (await host.getVar(String(key))) ?? null)),
    getFlowData: bridge((path: unknown) =>
      plain(host.getFlowData(path ? String(path) : undefined)),
    ),
    setFlowData: bridge((path: unknown, value: unknown) => {
      host.setFlowData(String(path), plain(value));
    }),
    log: bridge((level: unknown, text: unknown) => {
      const known = ['log', 'info', 'warn', 'error', 'debug'] as const;
      const kind = known.find((item) => item === level) ?? 'log';
      return host.log(kind, String(text).slice(0, memoryLimits.sandboxLogChars)) !== false;
    }),
    sleep: bridge(
      counted(
        (ms: unknown) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(
              () => {
                sleeping.delete(timer);
                resolve();
              },
              Math.min(Number(ms) || 0, 2_147_483_647),
            );
            sleeping.add(timer);
          }),
      ),
    ),
    fetch: bridge(counted(fetchBridge(host, fetchSlots))),
  };

  return {
    references,
    /** Host calls (timers, requests) the code started and did not wait for. */
    pending: () => pending,
    close() {
      fetchSlots.close();
      for (const timer of sleeping) clearTimeout(timer);
      sleeping.clear();
      for (const reference of Object.values(references)) reference.release();
    },
  };
}
