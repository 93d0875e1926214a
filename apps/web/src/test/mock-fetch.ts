import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  /** The parsed JSON body, or the `FormData` itself for a multipart call. */
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown };

export interface MockRoute {
  method: string;
  /** Exact pathname, or a pattern tested against it. */
  path: string | RegExp;
  reply: Reply | ((call: RecordedCall) => Reply);
}

/**
 * Replaces `fetch` with a table of canned answers. Unknown calls answer 404 in the server's
 * error shape. Returns the recorded calls.
 */
export function mockFetch(routes: MockRoute[]) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      url,
      body:
        init.body instanceof FormData
          ? init.body
          : rawBody
            ? (JSON.parse(rawBody) as unknown)
            : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(call);
    const route = routes.find(
      (candidate) =>
        candidate.method === method &&
        (typeof candidate.path === 'string'
          ? candidate.path === url.pathname
          : candidate.path.test(url.pathname)),
    );
    const reply: Reply = route
      ? typeof route.reply === 'function'
        ? route.reply(call)
        : route.reply
      : {
          status: 404,
          body: { statusCode: 404, code: 'not_found', message: 'Rota não encontrada.' },
        };
    const status = reply.status ?? 200;
    const hasBody = reply.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status,
      headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    fetch: fetchMock,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export function apiError(status: number, message: string, code = 'error'): Reply {
  return { status, body: { statusCode: status, code, message } };
}
