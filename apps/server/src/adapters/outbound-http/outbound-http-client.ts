import { STATUS_CODES } from 'node:http';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { request as undiciRequest, type Dispatcher } from 'undici';
import {
  chainHeader,
  maxHttpResponseBytes,
  type HttpPort,
  type HttpRequest,
  type HttpResponse,
} from '@ponte/engine/ports';
import { createClientCertificateAgents, type AgentLease } from './client-certificate-agents';
import { createGuardedAgent, type Resolver } from './guarded-agent';
import type { NetworkGuard } from './network-guard';
import { OutboundHttpError, outboundHttpErrorIn } from './outbound-http-error';
import { readCappedBody } from './read-capped-body';
import { tlsFailure } from './tls-failure';
import { activeTrace, type TraceContext } from '../tracing/tracing';

export interface OutboundHttpOptions {
  guard: NetworkGuard;
  /** Default: the system resolver (`dns.lookup`, every address). */
  resolver?: Resolver;
  /** Largest body, compressed or decoded (default: the engine's 16 MB). */
  maxResponseBytes?: number;
  /** Redirects followed per request, each one checked again (default 5). */
  maxRedirects?: number;
}

export interface OutboundHttpClient extends HttpPort {
  close(): Promise<void>;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`URL inválida: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`URL inválida: ${text}`);
  return url;
}

function headersOf(raw: Dispatcher.ResponseData['headers']): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * The refusal of a redirect to another origin for a request with a client certificate: the
 * certificate belongs to the account's service, and its credential to the account's hosts
 * (docs/adr/0071, docs/adr/0117).
 */
function redirectRefused(from: URL, to: URL): OutboundHttpError {
  return new OutboundHttpError(
    `${from.host} redirecionou a requisição para ${to.origin}: com o certificado de cliente (mTLS) da conta, o Ponte só segue redirecionamentos para o mesmo endereço de origem.`,
    'redirect_refused',
  );
}

/** Where an exchange is: whether the current hop's response head has arrived. */
interface ExchangeProgress {
  headArrived: boolean;
}

/** The error a failed exchange rejects with: the client's own refusals in pt-BR, else as is. */
function failureOf(
  error: unknown,
  request: HttpRequest,
  timedOut: boolean,
  progress: ExchangeProgress,
): unknown {
  const own = outboundHttpErrorIn(error);
  if (own) return own;
  if (timedOut) {
    return new OutboundHttpError(
      `A requisição excedeu o tempo limite de ${request.timeoutMs} ms.`,
      'timeout',
    );
  }
  const host = parseUrl(request.url).host;
  const tls = tlsFailure(error, host, {
    withCertificate: request.clientCertificate !== undefined,
    headArrived: progress.headArrived,
  });
  if (tls) return tls;
  const code = (error as { code?: string }).code;
  // UND_ERR_CLOSED: an agent closed under the request (the client shutting down).
  const closed = ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'];
  if (closed.includes(code ?? ''))
    return new OutboundHttpError(`A conexão com ${host} foi recusada ou encerrada.`, 'connection');
  return error;
}

/**
 * The signal of one exchange: the caller's abort or the timeout, whichever comes first; `done`
 * clears the timer and the listener at its end. One controller and one timer per request
 * (`AbortSignal.any` over `AbortSignal.timeout` cost ten times more and kept each request's
 * timer pending for its whole timeout, docs/adr/0128).
 */
function exchangeSignal(outer: AbortSignal, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(outer.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      outer.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * A traced execution's call (docs/adr/0131): a span of its own, whose `traceparent` the
 * request carries (replacing any the flow set). Untraced, the call is made as it is.
 */
async function traced(
  trace: TraceContext | undefined,
  request: HttpRequest,
  untraced: (request: HttpRequest) => Promise<HttpResponse>,
): Promise<HttpResponse> {
  // A URL it cannot read fails as untraced calls do, with no span.
  if (!trace || !URL.canParse(request.url)) return untraced(request);
  const url = new URL(request.url);
  const span = trace.outbound(request.method.toUpperCase(), url);
  const headers = { ...request.headers };
  for (const key of Object.keys(headers))
    if (key.toLowerCase() === 'traceparent' || key.toLowerCase() === 'tracestate')
      delete headers[key];
  try {
    const response = await untraced({ ...request, headers: { ...headers, ...span.headers } });
    span.end({ status: response.status });
    return response;
  } catch (error) {
    span.end({ error: error instanceof OutboundHttpError ? error.code : 'error' });
    throw error;
  }
}

/**
 * The server's only door for outbound HTTP (docs/adr/0013): every address of every hop is
 * checked by the network guard at connect time, redirects are followed here one by one, the
 * body is streamed under a byte cap (and shown to `onChunk` as it arrives), and one timeout
 * covers the whole exchange.
 */
export function createOutboundHttpClient(options: OutboundHttpOptions): OutboundHttpClient {
  const { guard } = options;
  const agent = createGuardedAgent(guard, options.resolver);
  // A request with a client certificate (mTLS) gets an agent of its own, same guard and lookup.
  const certificateAgents = createClientCertificateAgents(guard, options.resolver);
  const maxBytes = options.maxResponseBytes ?? maxHttpResponseBytes;
  const maxRedirects = options.maxRedirects ?? 5;

  async function exchange(
    request: HttpRequest,
    signal: AbortSignal,
    progress: ExchangeProgress,
    dispatcher: Dispatcher,
  ): Promise<HttpResponse> {
    let url = parseUrl(request.url);
    let method = request.method.toUpperCase();
    let body = request.body;
    const headers: Record<string, string> = { ...request.headers };
    if (!Object.keys(headers).some((key) => key.toLowerCase() === 'accept-encoding'))
      headers['accept-encoding'] = 'gzip, deflate, br';
    // The chain depth is the client's to say (docs/adr/0020): a flow cannot lower it.
    for (const key of Object.keys(headers))
      if (key.toLowerCase() === chainHeader) delete headers[key];
    if (request.chainDepth !== undefined) headers[chainHeader] = String(request.chainDepth);
    for (let hop = 0; ; hop++) {
      // An IP literal (in any spelling URL normalises) connects without a lookup: check it here.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host)) guard.check(host);
      progress.headArrived = false;
      const response = await undiciRequest(url, {
        dispatcher,
        method: method as Dispatcher.HttpMethod,
        headers,
        ...(body !== undefined && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
        signal,
      });
      progress.headArrived = true;
      const location = response.headers.location;
      if (redirectStatuses.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump().catch(() => undefined);
        if (hop >= maxRedirects) {
          throw new OutboundHttpError(
            `A requisição foi redirecionada mais de ${maxRedirects} vezes.`,
            'too_many_redirects',
          );
        }
        const next = parseUrl(new URL(location, url).toString());
        if (next.origin !== url.origin) {
          if (request.clientCertificate) throw redirectRefused(url, next);
          for (const key of Object.keys(headers))
            if (['authorization', 'cookie'].includes(key.toLowerCase())) delete headers[key];
        }
        const toGet =
          response.statusCode === 303
            ? method !== 'HEAD'
            : [301, 302].includes(response.statusCode) && method === 'POST';
        if (toGet) {
          method = 'GET';
          body = undefined;
          for (const key of Object.keys(headers))
            if (key.toLowerCase().startsWith('content-')) delete headers[key];
        }
        url = next;
        continue;
      }
      const responseHeaders = headersOf(response.headers);
      const head = { status: response.statusCode, headers: responseHeaders };
      const { onChunk } = request;
      return {
        ...head,
        statusText: STATUS_CODES[response.statusCode] ?? '',
        body: await readCappedBody(
          response.body as unknown as Readable,
          responseHeaders['content-encoding'],
          maxBytes,
          onChunk && ((chunk) => onChunk(chunk, head)),
        ),
      };
    }
  }

  async function untraced(request: HttpRequest): Promise<HttpResponse> {
    const deadline = exchangeSignal(request.signal, request.timeoutMs);
    const progress: ExchangeProgress = { headArrived: false };
    // A certificate's agent stays open until this request has ended, even if evicted meanwhile.
    let lease: AgentLease | undefined;
    try {
      const { clientCertificate } = request;
      lease = clientCertificate ? certificateAgents.lease(clientCertificate) : undefined;
      return await exchange(request, deadline.signal, progress, lease?.agent ?? agent);
    } catch (error) {
      throw failureOf(error, request, deadline.timedOut() && !request.signal.aborted, progress);
    } finally {
      deadline.done();
      lease?.release();
    }
  }

  return {
    request: (request) => traced(activeTrace(), request, untraced),
    close: async () => {
      await Promise.all([agent.close(), certificateAgents.close()]);
    },
  };
}
