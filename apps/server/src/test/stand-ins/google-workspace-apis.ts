import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of Google for the Gmail and Google Calendar connectors, written from Google's
 * references, at the root of its APIs (what an account's 'URL da API' names):
 * - OAuth 2.0 for web server apps (https://developers.google.com/identity/protocols/oauth2/web-server):
 *   `GET /o/oauth2/v2/auth` sends the browser back with a code, `POST /token` (form) trades it
 *   or a refresh token for `{access_token, expires_in, refresh_token, token_type}`;
 * - Gmail API v1 (https://developers.google.com/gmail/api/reference/rest): `users.messages.send`
 *   (`raw`, base64url RFC 5322), `users.messages.list` (`q` with `after:<epoch seconds>`, `maxResults`, `pageToken` →
 *   `{messages: [{id, threadId}], nextPageToken}`, newest first by `internalDate`;
 *   https://developers.google.com/gmail/api/reference/rest/v1/users.messages/list), `users.messages.get`, `users.labels.list`;
 * - Calendar API v3 (https://developers.google.com/calendar/api/v3/reference): `events.insert`
 *   (`conferenceDataVersion`, `sendUpdates`), `events.list` (`singleEvents`, `orderBy`,
 *   `timeMin`/`timeMax`, `pageToken`), `calendarList.list`.
 * Every API call needs `Authorization: Bearer <the issued token>`; refusals are Google's
 * `{error: {code, message, status, errors: [{reason, message}]}}`. A page may hold fewer items
 * than `maxResults` (both references say so): this one holds at most `pageSize`.
 */
export interface GoogleStandIn {
  url: string;
  /** The access token `/token` hands out. */
  accessToken: string;
  /** Every API call: method, path with query, the bearer sent and the JSON body. */
  calls: { method: string; url: string; authorization: string; body: unknown }[];
  /** The messages sent, decoded from `raw`. */
  sent: string[];
  /** Messages in the mailbox by id (`users.messages.get` answers their resource). */
  messages: Map<string, Record<string, unknown>>;
  /** Events of the primary calendar, in start order. */
  events: Record<string, unknown>[];
  /** The next `n` API calls are answered 429. */
  limitNext(n: number): void;
  /** The next `n` API calls are answered 500 backendError, as when Google is down. */
  failNext(n: number): void;
  close(): Promise<void>;
}

const pageSize = 2;

const googleError = (code: number, status: string, reason: string, message: string) => ({
  error: { code, message, status, errors: [{ reason, message, domain: 'global' }] },
});

export async function startGoogleStandIn(host: string): Promise<GoogleStandIn> {
  const accessToken = 'ya29.stand-in-token';
  const calls: GoogleStandIn['calls'] = [];
  const sent: string[] = [];
  const messages = new Map<string, Record<string, unknown>>();
  const events: Record<string, unknown>[] = [];
  let limited = 0;
  let down = 0;
  let counter = 0;
  const send = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };
  const fail = (
    response: ServerResponse,
    code: number,
    status: string,
    reason: string,
    message: string,
  ) => send(response, code, googleError(code, status, reason, message));

  /** One page of `items` from `pageToken` (an offset here), `maxResults` bounded by `pageSize`. */
  function page(items: unknown[], url: URL, key: string) {
    const from = Number(url.searchParams.get('pageToken') ?? 0);
    const size = Math.min(Number(url.searchParams.get('maxResults') ?? 100), pageSize);
    const slice = items.slice(from, from + size);
    return {
      [key]: slice,
      ...(from + size < items.length ? { nextPageToken: String(from + size) } : {}),
    };
  }

  function oauth(request: IncomingMessage, url: URL, raw: string, response: ServerResponse) {
    if (url.pathname === '/o/oauth2/v2/auth') {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'codigo-google');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    const form = Object.fromEntries(new URLSearchParams(raw));
    if (form.grant_type !== 'authorization_code' && form.grant_type !== 'refresh_token')
      return send(response, 400, { error: 'unsupported_grant_type' });
    return send(response, 200, {
      access_token: accessToken,
      expires_in: 3599,
      refresh_token: '1//refresh-stand-in',
      scope: 'https://www.googleapis.com/auth/gmail.send',
      token_type: 'Bearer',
    });
  }

  function gmail(
    method: string,
    url: URL,
    body: Record<string, unknown>,
    response: ServerResponse,
  ) {
    const path = url.pathname.replace('/gmail/v1/users/me/', '');
    if (method === 'POST' && path === 'messages/send') {
      const message = Buffer.from(String(body.raw ?? ''), 'base64url').toString('utf8');
      const head = message.split('\r\n\r\n')[0] ?? '';
      if (!/^(To|Cc|Bcc): /m.test(head))
        return fail(
          response,
          400,
          'INVALID_ARGUMENT',
          'invalidArgument',
          'Recipient address required',
        );
      sent.push(message);
      const id = `msg-${++counter}`;
      return send(response, 200, { id, threadId: id, labelIds: ['SENT'] });
    }
    if (method === 'GET' && path === 'messages') {
      // `after:<epoch seconds>` keeps messages received after it; the rest of `q` is looked for
      // in the message. Newest first, by `internalDate`, as Gmail lists them.
      const q = url.searchParams.get('q') ?? '';
      const after = /after:(\d+)/.exec(q);
      const words = q
        .replace(/after:\d+/, '')
        .replace(/[()]/g, '')
        .trim()
        .replace(/^subject:/, '');
      const found = [...messages.values()]
        .filter((m) => !after || Number(m.internalDate ?? 0) > Number(after[1]) * 1000)
        .filter((m) => !words || JSON.stringify(m).includes(words))
        .sort((a, b) => Number(b.internalDate ?? 0) - Number(a.internalDate ?? 0))
        .map((m) => ({ id: m.id, threadId: m.threadId }));
      return send(response, 200, {
        ...page(found, url, 'messages'),
        resultSizeEstimate: found.length,
      });
    }
    if (method === 'GET' && path.startsWith('messages/')) {
      const message = messages.get(decodeURIComponent(path.slice('messages/'.length)));
      if (!message)
        return fail(response, 404, 'NOT_FOUND', 'notFound', 'Requested entity was not found.');
      return send(response, 200, message);
    }
    if (method === 'GET' && path === 'labels')
      return send(response, 200, {
        labels: [
          { id: 'INBOX', name: 'INBOX', type: 'system' },
          { id: 'Label_1', name: 'Clientes', type: 'user' },
        ],
      });
    return fail(response, 404, 'NOT_FOUND', 'notFound', 'Not Found');
  }

  function calendar(
    method: string,
    url: URL,
    body: Record<string, unknown>,
    response: ServerResponse,
  ) {
    if (url.pathname === '/calendar/v3/users/me/calendarList')
      return send(response, 200, {
        kind: 'calendar#calendarList',
        items: [
          {
            id: 'primary-id@exemplo.com.br',
            summary: 'Agenda',
            primary: true,
            accessRole: 'owner',
          },
        ],
      });
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(url.pathname);
    if (!match) return fail(response, 404, 'NOT_FOUND', 'notFound', 'Not Found');
    if (decodeURIComponent(match[1]!) !== 'primary')
      return fail(response, 404, 'NOT_FOUND', 'notFound', 'Not Found');
    if (method === 'GET') {
      const min = url.searchParams.get('timeMin');
      const max = url.searchParams.get('timeMax');
      if (
        url.searchParams.get('orderBy') === 'startTime' &&
        url.searchParams.get('singleEvents') !== 'true'
      )
        return fail(
          response,
          400,
          'INVALID_ARGUMENT',
          'badRequest',
          'The requested ordering is not available for the particular query.',
        );
      const inRange = events.filter((event) => {
        const start = Date.parse(String((event.start as { dateTime?: string }).dateTime));
        const end = Date.parse(String((event.end as { dateTime?: string }).dateTime));
        return (!min || end > Date.parse(min)) && (!max || start < Date.parse(max));
      });
      return send(response, 200, { kind: 'calendar#events', ...page(inRange, url, 'items') });
    }
    const start = body.start as { dateTime?: string; date?: string } | undefined;
    const end = body.end as { dateTime?: string; date?: string } | undefined;
    if (!start || !end)
      return fail(response, 400, 'INVALID_ARGUMENT', 'required', 'Missing end time.');
    if ((start.dateTime ?? start.date)! >= (end.dateTime ?? end.date)!)
      return fail(
        response,
        400,
        'INVALID_ARGUMENT',
        'timeRangeEmpty',
        'The specified time range is empty.',
      );
    const id = `evento${++counter}`;
    const meet =
      url.searchParams.get('conferenceDataVersion') === '1' &&
      (body.conferenceData as { createRequest?: unknown } | undefined)?.createRequest
        ? {
            hangoutLink: 'https://meet.google.com/abc-defg-hij',
            conferenceData: {
              conferenceId: 'abc-defg-hij',
              conferenceSolution: { key: { type: 'hangoutsMeet' } },
            },
          }
        : {};
    return send(response, 200, {
      kind: 'calendar#event',
      id,
      status: 'confirmed',
      htmlLink: `https://www.google.com/calendar/event?eid=${id}`,
      ...body,
      ...meet,
    });
  }

  function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    if (url.pathname === '/o/oauth2/v2/auth' || url.pathname === '/token')
      return oauth(request, url, raw, response);
    const authorization = request.headers.authorization ?? '';
    const body =
      raw && request.headers['content-type']?.includes('json')
        ? (JSON.parse(raw) as Record<string, unknown>)
        : {};
    calls.push({ method, url: url.pathname + url.search, authorization, body });
    if (authorization !== `Bearer ${accessToken}`)
      return fail(
        response,
        401,
        'UNAUTHENTICATED',
        'authError',
        'Request had invalid authentication credentials.',
      );
    if (down > 0) {
      down--;
      return fail(response, 500, 'INTERNAL', 'backendError', 'Backend Error');
    }
    if (limited > 0) {
      limited--;
      return fail(response, 429, 'RESOURCE_EXHAUSTED', 'rateLimitExceeded', 'Rate Limit Exceeded');
    }
    if (url.pathname.startsWith('/gmail/v1/users/me/')) return gmail(method, url, body, response);
    if (url.pathname.startsWith('/calendar/v3/')) return calendar(method, url, body, response);
    return fail(response, 404, 'NOT_FOUND', 'notFound', 'Not Found');
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    accessToken,
    calls,
    sent,
    messages,
    events,
    limitNext: (n) => {
      limited = n;
    },
    failNext: (n) => {
      down = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
