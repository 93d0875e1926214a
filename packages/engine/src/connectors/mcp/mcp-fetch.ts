import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { messages } from '@ponte/shared/messages';
import type { HttpPort } from '../../ports';

const m = messages.mcp;
/** Characters of a server's own refusal text shown to a person. */
const maxReasonChars = 300;
/** Statuses whose answer has no body (the Response constructor refuses one). */
const bodiless = new Set([101, 204, 205, 304]);

/** A refusal the adapter made from the server's answer: its message is the person's. */
export class McpRefusalError extends Error {
  override name = 'McpRefusalError';
}

export interface PortFetchOptions {
  http: HttpPort;
  /** The node's (or the test's) signal: every request ends with it. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Throws, naming the account, when its credential may not go to the URL's host. */
  checkHost(url: URL): void;
  /** The credential's headers; `force` asks a new token after a 401 (OAuth2 only). */
  credential(force: boolean): Promise<Record<string, string>>;
  /** Whether a 401 may be tried once more with a new token. */
  renewable: boolean;
  /** The account's name, for the refusals. */
  account: string;
}

/** The server's reason in a refusal: a JSON-RPC error's message, else its text, cut short. */
function reasonOf(body: Uint8Array): string {
  const text = new TextDecoder().decode(body).trim();
  let reason = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') reason = parsed.error.message;
  } catch {
    // Not JSON: the text as it came.
  }
  reason = reason.replace(/\p{Cc}+/gu, ' ').trim();
  return reason.length > maxReasonChars ? `${reason.slice(0, maxReasonChars)}…` : reason;
}

function bodyOf(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  throw new Error('O cliente MCP só envia corpos de texto.');
}

/**
 * The `fetch` the SDK's StreamableHTTPClientTransport is given (docs/adr/0097): every request
 * goes through the engine's HTTP port (the network guard), with the account's credential, the
 * node's signal and a time limit. The port buffers each answer: a POST's JSON or its SSE stream,
 * which a server ends after the result, arrive whole. The optional GET stream a server opens for
 * its own notifications would never end: it is answered 405 here, as the protocol lets a server
 * answer, and the SDK goes on without it. A refusal (status 400 or more) throws in pt-BR.
 */
export function portFetch(options: PortFetchOptions): FetchLike {
  const { http, signal, timeoutMs, checkHost, credential, renewable, account } = options;
  return async (input, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method === 'GET')
      return new Response(null, { status: 405, statusText: 'Method Not Allowed' });
    const url = new URL(String(input));
    checkHost(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const body = bodyOf(init.body);
    const requestSignal = init.signal ? AbortSignal.any([signal, init.signal]) : signal;
    const send = async (force: boolean) => {
      const signed = { ...headers, ...(await credential(force)) };
      try {
        return await http.request({
          method,
          url: url.toString(),
          headers: signed,
          ...(body !== undefined ? { body } : {}),
          timeoutMs,
          signal: requestSignal,
        });
      } catch (error) {
        requestSignal.throwIfAborted();
        throw new McpRefusalError(
          m.unreachable(error instanceof Error ? error.message : String(error)),
        );
      }
    };
    let answer = await send(false);
    if (answer.status === 401 && renewable) answer = await send(true);
    if (answer.status === 401 || answer.status === 403)
      throw new McpRefusalError(m.credentialRefused(account, answer.status));
    if (answer.status >= 400)
      throw new McpRefusalError(m.refused(answer.status, reasonOf(answer.body)));
    return new Response(bodiless.has(answer.status) ? null : answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  };
}
