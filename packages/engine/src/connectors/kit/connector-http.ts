import type { ConnectorPorts } from '../../kit/define-node';
import type { ExecutionScope, ServiceAccount } from '../../ports';
import { resolveUrl } from '../../nodes/actions/http-request/http-auth';
import { parseResponseBody } from '../../nodes/actions/http-request/http-body';
import type {
  ConnectorAuthContext,
  ConnectorOperation,
  ConnectorRequest,
  ConnectorResponse,
  ConnectorService,
} from './connector-types';

/** What every call of one run shares. */
export interface ConnectorCall {
  declaration: ConnectorService;
  account: ServiceAccount;
  baseUrl: string;
  /** Throws, naming the account, when its credential may not go to the URL's host. */
  checkHost(url: URL): void;
  ports: ConnectorPorts;
  scope: ExecutionScope;
  signal: AbortSignal;
}

/**
 * How the kit waits when a service answers 429 or 503, or says in its own way that it limits the
 * calls (`rateLimited`) (docs/adr/0090).
 */
export const retryPolicy = {
  /** Tries after the first. */
  retries: 4,
  /** The first wait when the service does not say; doubled each time. */
  firstWaitMs: 1_000,
  /** The longest wait the kit accepts; a service asking more fails the node, saying so. */
  maxWaitMs: 60_000,
  timeoutMs: 30_000,
};

const retryable = (status: number) => status === 429 || status === 503;

/** Retry-After in seconds or as an HTTP date, in ms from now. */
function retryAfterHeader(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function urlOf(call: ConnectorCall, request: ConnectorRequest): URL {
  const url = resolveUrl(request.path.replace(/^\/+/, ''), call.baseUrl);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) {
        url.searchParams.append(key, String(item));
      }
    } else if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url;
}

/**
 * One operation's call through the engine's HTTP port (the network guard), with the account's
 * credential; 429 and 503 are tried again after the wait the service asks (Retry-After or its
 * own field) or a doubling one. A refusal throws the service's pt-BR message, with the status
 * and body as the error's details.
 */
export async function sendConnectorRequest(
  call: ConnectorCall,
  request: ConnectorRequest,
): Promise<ConnectorResponse> {
  const { declaration, ports, signal } = call;
  const url = urlOf(call, request);
  call.checkHost(url);
  const body =
    request.body ?? (request.json === undefined ? undefined : JSON.stringify(request.json));
  let usedToken = false;
  let renewed = false;
  const context: ConnectorAuthContext = {
    accessToken: () => {
      usedToken = true;
      return ports.serviceAccounts.accessToken(call.scope, call.account._id, {
        force: renewed,
        signal,
      });
    },
    now: () => new Date(ports.clock.now()),
  };
  /** The credential is added to a copy: a path carrying a token never reaches a message. */
  const sign = async () => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) {
      headers['content-type'] =
        request.body !== undefined ? 'application/octet-stream' : 'application/json';
    }
    Object.assign(headers, request.headers);
    const signed = new URL(url);
    const outgoing = {
      method: request.method,
      url: signed,
      headers,
      ...(body !== undefined ? { body } : {}),
    };
    await declaration.authorize(call.account, outgoing, context);
    call.checkHost(signed);
    return { signed, headers, sent: outgoing.body };
  };
  let { signed, headers, sent } = await sign();
  const clientCertificate = declaration.clientCertificate?.(call.account);
  for (let attempt = 0; ; attempt++) {
    let raw;
    try {
      raw = await ports.http.request({
        method: request.method,
        url: signed.toString(),
        headers,
        ...(sent !== undefined ? { body: sent } : {}),
        timeoutMs: request.timeoutMs ?? retryPolicy.timeoutMs,
        signal,
        ...(request.onChunk ? { onChunk: request.onChunk } : {}),
        ...(clientCertificate ? { clientCertificate } : {}),
      });
    } catch (error) {
      signal.throwIfAborted();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `Não foi possível falar com ${declaration.label}: ${hideSecret(reason, signed, url)}`,
      );
    }
    const response: ConnectorResponse = {
      status: raw.status,
      headers: raw.headers,
      body: parseResponseBody(raw.headers['content-type'], raw.body),
      bytes: raw.body,
    };
    // A service may answer a refusal with 200 (Sankhya) or a success with an error status.
    const failed =
      declaration.failure?.(response) ?? !(response.status >= 200 && response.status < 300);
    if (!failed) return response;
    // A token that expired early (revoked, clock skew): once more with a new one.
    if (response.status === 401 && usedToken && !renewed) {
      renewed = true;
      ({ signed, headers, sent } = await sign());
      attempt--;
      continue;
    }
    const limited = retryable(response.status) || declaration.rateLimited?.(response) === true;
    if (limited && attempt < retryPolicy.retries) {
      const asked =
        declaration.retryAfterMs?.(response) ??
        retryAfterHeader(response.headers['retry-after'], ports.clock.now());
      const wait = asked ?? retryPolicy.firstWaitMs * 2 ** attempt;
      if (wait > retryPolicy.maxWaitMs) {
        throw refusal(
          `${declaration.label} pediu para esperar ${Math.ceil(wait / 1000)} s antes de outra chamada, mais que os ${retryPolicy.maxWaitMs / 1000} s que o conector espera.`,
          response,
        );
      }
      await ports.clock.sleep(wait, signal);
      continue;
    }
    throw refusal(
      declaration.errorMessage(response) ??
        `${declaration.label} recusou a chamada (status ${response.status}).`,
      response,
    );
  }
}

/**
 * The payload of an operation that makes no call: its request as it would leave, its URL
 * checked against the account's hosts first.
 */
export function withoutCallResult(
  call: ConnectorCall,
  operation: ConnectorOperation,
  request: ConnectorRequest,
): unknown {
  const url = urlOf(call, request);
  call.checkHost(url);
  const headers: Record<string, string> = { ...request.headers };
  return operation.withoutCall!(
    { method: request.method, url, headers, ...(request.body ? { body: request.body } : {}) },
    call.account,
    {
      accessToken: () =>
        call.ports.serviceAccounts.accessToken(call.scope, call.account._id, {
          force: false,
          signal: call.signal,
        }),
      now: () => new Date(call.ports.clock.now()),
    },
  );
}

function refusal(message: string, response: ConnectorResponse): Error {
  const error = new Error(message);
  Object.assign(error, { details: { status: response.status, body: response.body } });
  return error;
}

/** A network error may quote the URL: the one with the credential is written without it. */
function hideSecret(reason: string, signed: URL, plain: URL): string {
  return reason.split(signed.toString()).join(plain.toString());
}
