import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of Slack's Web API for the methods Ponte uses, written from its reference
 * (https://api.slack.com/web, https://api.slack.com/methods): `POST|GET /api/<method>` with
 * `Authorization: Bearer <bot token>`, a JSON or form body; every answer HTTP 200 with
 * `{ok: true, …}` or `{ok: false, error}`, and 429 with `Retry-After` (seconds) when limited
 * (https://api.slack.com/apis/rate-limits). `oauth.v2.access` trades `slack-code` for the token
 * (https://api.slack.com/methods/oauth.v2.access); `GET /oauth/v2/authorize` stands for the consent
 * page once the person approved: 302 to `redirect_uri` with `code=slack-code` and the same
 * `state` (https://api.slack.com/authentication/oauth-v2). Channels: `C404` does not exist, `C429` is
 * limited once per method; `conversations.list` has 3 pages
 * (https://api.slack.com/apis/pagination). The upload flow of
 * https://api.slack.com/messaging/files#uploading_files: `files.getUploadURLExternal` gives an
 * address on this server, which takes the bytes, and `files.completeUploadExternal` shares them.
 */
export interface SlackStandIn {
  /** The server's origin (the OAuth provider's URL); the API is at `${url}/api`. */
  url: string;
  /** Every call: path, authorization header, content type and the body (JSON or form). */
  calls: { path: string; authorization?: string; contentType?: string; body: unknown }[];
  /** Bytes received at upload addresses, by file id. */
  uploads: Map<string, string>;
  close(): Promise<void>;
}

export async function startSlackStandIn(host: string, token: string): Promise<SlackStandIn> {
  const calls: SlackStandIn['calls'] = [];
  const uploads = new Map<string, string>();
  const limited = new Set<string>();
  let ts = 1_764_000_000;
  let files = 0;
  let url = '';
  const send = (response: ServerResponse, body: object, status = 200, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };
  const fail = (response: ServerResponse, error: string, extra = {}) =>
    send(response, { ok: false, error, ...extra });

  function parse(request: IncomingMessage, raw: string): Record<string, unknown> {
    const type = request.headers['content-type'] ?? '';
    if (type.startsWith('application/json')) return raw ? JSON.parse(raw) : {};
    if (type.startsWith('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(raw));
    return { raw };
  }

  function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const address = new URL(request.url ?? '/', url);
    const body =
      request.method === 'GET' ? Object.fromEntries(address.searchParams) : parse(request, raw);
    calls.push({
      path: address.pathname,
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      ...(request.headers['content-type'] ? { contentType: request.headers['content-type'] } : {}),
      body,
    });
    const upload = /^\/upload\/v1\/(F\w+)$/.exec(address.pathname);
    if (upload) {
      uploads.set(upload[1]!, raw);
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end(`OK - ${Buffer.byteLength(raw)}`);
    }
    if (address.pathname === '/oauth/v2/authorize') {
      const back = new URL(String(body.redirect_uri));
      back.searchParams.set('code', 'slack-code');
      back.searchParams.set('state', String(body.state ?? ''));
      response.writeHead(302, { location: back.href });
      return response.end();
    }
    const method = address.pathname.replace(/^\/api\//, '');
    if (method === 'oauth.v2.access') {
      if (body.code !== 'slack-code') return fail(response, 'invalid_code');
      return send(response, { ok: true, access_token: token, token_type: 'bot' });
    }
    if (request.headers.authorization !== `Bearer ${token}`) return fail(response, 'invalid_auth');
    const channel = String(body.channel ?? body.channel_id ?? '');
    if (channel === 'C404') return fail(response, 'channel_not_found');
    if (channel === 'C429' && !limited.has(method)) {
      limited.add(method);
      return send(response, { ok: false, error: 'ratelimited' }, 429, { 'retry-after': '1' });
    }
    switch (method) {
      case 'chat.postMessage':
      case 'chat.update': {
        if (!body.text && !body.blocks) return fail(response, 'no_text');
        const sent = method === 'chat.update' ? String(body.ts) : `${++ts}.000100`;
        return send(response, {
          ok: true,
          channel,
          ts: sent,
          message: { type: 'message', text: body.text, ts: sent, blocks: body.blocks },
        });
      }
      case 'files.getUploadURLExternal': {
        if (!body.filename || !Number(body.length)) return fail(response, 'invalid_arguments');
        const id = `F${++files}`;
        return send(response, { ok: true, upload_url: `${url}/upload/v1/${id}`, file_id: id });
      }
      case 'files.completeUploadExternal': {
        const listed = JSON.parse(String(body.files ?? '[]')) as { id: string; title?: string }[];
        if (!listed.every((file) => uploads.has(file.id))) return fail(response, 'file_not_found');
        return send(response, {
          ok: true,
          files: listed.map((file) => ({ id: file.id, title: file.title, channels: [channel] })),
        });
      }
      case 'conversations.list': {
        const page = Number(String(body.cursor ?? 'page:1').split(':')[1]);
        return send(response, {
          ok: true,
          channels: [{ id: `C${page}`, name: `canal-${page}`, is_private: false }],
          response_metadata: { next_cursor: page < 3 ? `page:${page + 1}` : '' },
        });
      }
      default:
        return fail(response, 'unknown_method');
    }
  }

  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => answer(request, raw, response));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    uploads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
