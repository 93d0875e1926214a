import type { CustomFetch } from 'openid-client';
import type { HttpPort } from '@ponte/engine/ports';

/** Every exchange with a provider (discovery, keys, token, user info) ends within this. */
const requestTimeoutMs = 15_000;

/** Headers that described the body as it travelled, not the decoded one handed on. */
const transportHeaders = new Set(['content-encoding', 'content-length', 'transfer-encoding']);

function bodyOf(body: unknown): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new Error('Corpo de requisição não suportado.');
}

/**
 * openid-client's `customFetch` over the server's one outbound HTTP client (docs/adr/0013):
 * every request to a provider goes through the network guard, its timeout and its size cap.
 */
export function guardedFetch(http: HttpPort): CustomFetch {
  return async (url, options) => {
    const headers: Record<string, string> = { ...options.headers };
    const body = bodyOf(options.body);
    const response = await http.request({
      method: options.method,
      url,
      headers,
      ...(body === undefined ? {} : { body }),
      timeoutMs: requestTimeoutMs,
      signal: options.signal ?? new AbortController().signal,
    });
    const kept = new Headers();
    for (const [name, value] of Object.entries(response.headers))
      if (!transportHeaders.has(name)) kept.set(name, value);
    const empty = [204, 205, 304].includes(response.status);
    return new Response(empty ? null : Buffer.from(response.body), {
      status: response.status,
      headers: kept,
    });
  };
}
