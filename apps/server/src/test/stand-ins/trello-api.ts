import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of Trello's REST API for the calls Ponte's connector makes, written from its
 * reference (https://developer.atlassian.com/cloud/trello/rest/api-group-cards/ and
 * https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/): under `/1`,
 * authenticated by `key` and `token` in the query or `Authorization: OAuth
 * oauth_consumer_key="…", oauth_token="…"`; refusals in plain text (`invalid key`, `invalid
 * token` 401, `invalid id` 400, `invalid value for idList` 400,
 * `unauthorized card permission requested` 401); 429 with Retry-After. Cards it knows: any id
 * of 24 hex digits; `…429` is rate limited once; lists: `L1`, `L2`.
 *
 * Webhooks (https://developer.atlassian.com/cloud/trello/rest/api-group-webhooks/,
 * https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/): `POST /1/webhooks`
 * with `callbackURL`, `idModel` and `description` (query or JSON) checks the callback with a
 * HEAD request and wants 200 — only when the URL is on loopback; any other address is taken as
 * answering (tests post the deliveries themselves) — and answers the webhook with its `id`;
 * `DELETE /1/webhooks/{id}` removes it (`invalid id` when unknown).
 */
export interface TrelloStandIn {
  /** The base URL to put in an account's 'URL da API' (ends in `/1`). */
  url: string;
  /** Every call: method, path, query, the key and token used and the JSON body. */
  calls: {
    method: string;
    path: string;
    query: Record<string, string>;
    key: string;
    token: string;
    body?: unknown;
  }[];
  /** The webhooks registered, by id. */
  webhooks: Map<string, { id: string; callbackURL: string; idModel: string; description: string }>;
  /** The next POST /1/webhooks is refused with this plain-text reason (400). */
  refuseNextWebhook(reason: string): void;
  close(): Promise<void>;
}

const hex24 = /^[0-9a-f]{24}$/;

/** The key and token of a call: the OAuth header first, else the query. */
function credentials(request: IncomingMessage, query: URLSearchParams) {
  const header = request.headers.authorization ?? '';
  const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(header)?.[1];
  return {
    key: field('oauth_consumer_key') ?? query.get('key') ?? '',
    token: field('oauth_token') ?? query.get('token') ?? '',
  };
}

export async function startTrelloStandIn(
  host: string,
  key: string,
  token: string,
): Promise<TrelloStandIn> {
  const calls: TrelloStandIn['calls'] = [];
  const limited = new Set<string>();
  const lists = new Set(['L1', 'L2']);
  let next = 0;
  const webhooks: TrelloStandIn['webhooks'] = new Map();
  let refusal: string | undefined;
  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const plain = (response: ServerResponse, status: number, text: string, headers = {}) => {
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    response.end(text);
  };

  /** Trello's check of a callback: HEAD, 200 wanted; only loopback URLs are really asked. */
  function headStatus(callbackURL: string): Promise<number> {
    const url = new URL(callbackURL);
    if (!/^127\./.test(url.hostname) && url.hostname !== 'localhost') return Promise.resolve(200);
    return new Promise((resolve) => {
      const check = httpRequest(url, { method: 'HEAD' }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      });
      check.on('error', () => resolve(0));
      check.end();
    });
  }

  async function webhook(method: string, path: string, params: Record<string, string>) {
    if (method === 'POST' && path === 'webhooks') {
      if (refusal !== undefined) {
        const reason = refusal;
        refusal = undefined;
        return { status: 400, text: reason };
      }
      const { callbackURL = '', idModel = '', description = '' } = params;
      if (!/^https?:\/\//.test(callbackURL))
        return { status: 400, text: 'invalid value for callbackURL' };
      if (!idModel) return { status: 400, text: 'invalid value for idModel' };
      for (const one of webhooks.values())
        if (one.callbackURL === callbackURL && one.idModel === idModel)
          return {
            status: 400,
            text: 'A webhook with that callback, model, and token already exists',
          };
      const status = await headStatus(callbackURL);
      if (status !== 200)
        return {
          status: 400,
          text: `URL (${callbackURL}) did not return 200 status code, got ${status}`,
        };
      const id = `w${(++next).toString(16).padStart(23, '0')}`;
      webhooks.set(id, { id, callbackURL, idModel, description });
      return { status: 200, json: { ...webhooks.get(id), active: true, consecutiveFailures: 0 } };
    }
    const id = /^webhooks\/([^/]+)$/.exec(path)?.[1];
    if (method === 'DELETE' && id !== undefined) {
      if (!webhooks.delete(id)) return { status: 400, text: 'invalid id' };
      return { status: 200, json: { _value: null } };
    }
    return undefined;
  }

  async function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    const used = credentials(request, url.searchParams);
    const body = raw ? (JSON.parse(raw) as unknown) : undefined;
    const method = request.method ?? 'GET';
    calls.push({ method, path: url.pathname, query, ...used, ...(body ? { body } : {}) });
    if (used.key !== key) return plain(response, 401, 'invalid key');
    if (used.token !== token) return plain(response, 401, 'invalid token');
    const path = url.pathname.replace(/^\/1\//, '');
    const hooked = await webhook(method, path, { ...query, ...(body as object) });
    if (hooked) {
      if ('json' in hooked) return json(response, hooked.json);
      return plain(response, hooked.status, hooked.text);
    }
    const card = /^cards\/([^/]+)/.exec(path)?.[1];
    if (card !== undefined) {
      if (!hex24.test(card)) return plain(response, 400, 'invalid id');
      if (card.startsWith('ffff'))
        return plain(response, 401, 'unauthorized card permission requested');
      if (card.endsWith('429') && !limited.has(card)) {
        limited.add(card);
        return plain(response, 429, 'API_TOKEN_LIMIT_EXCEEDED', { 'retry-after': '1' });
      }
    }
    const listOf = (id: string | undefined) => id !== undefined && lists.has(id);
    if (method === 'POST' && path === 'cards') {
      if (!listOf(query.idList)) return plain(response, 400, 'invalid value for idList');
      const id = (++next).toString(16).padStart(24, 'a');
      return json(response, {
        id,
        idList: query.idList,
        name: query.name ?? '',
        desc: query.desc ?? '',
        due: query.due ?? null,
        idMembers: query.idMembers ? query.idMembers.split(',') : [],
        shortUrl: `https://trello.com/c/${id.slice(-8)}`,
      });
    }
    if (method === 'PUT' && card && path === `cards/${card}`) {
      if (query.idList !== undefined && !listOf(query.idList))
        return plain(response, 400, 'invalid value for idList');
      return json(response, { id: card, ...query });
    }
    if (method === 'POST' && card && path === `cards/${card}/actions/comments`)
      return json(response, { id: 'a1', type: 'commentCard', data: { text: query.text } });
    const item = /^cards\/[^/]+\/customField\/([^/]+)\/item$/.exec(path);
    if (method === 'PUT' && item) {
      if (!hex24.test(item[1]!)) return plain(response, 400, 'invalid id');
      return json(response, {
        id: 'i1',
        idCustomField: item[1],
        idModel: card,
        ...(body as object),
      });
    }
    if (method === 'GET' && card && path === `cards/${card}`)
      return json(response, { id: card, name: 'Pedido 42', customFieldItems: [] });
    const cardsOf = /^lists\/([^/]+)\/cards$/.exec(path);
    if (method === 'GET' && cardsOf) {
      if (!listOf(cardsOf[1])) return plain(response, 400, 'invalid id');
      return json(response, [{ id: 'c1', idList: cardsOf[1] }]);
    }
    return plain(response, 404, 'The requested resource was not found.');
  }

  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => void answer(request, raw, response));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/1`,
    calls,
    webhooks,
    refuseNextWebhook: (reason) => {
      refusal = reason;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
