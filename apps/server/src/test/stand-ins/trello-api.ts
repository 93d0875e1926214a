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
 * of 24 hex digits; `…429` is rate limited once; lists: `L1`, `L2` (board `B1`), `L3` (board
 * `B2`). `GET /1/members/me/boards` and `GET /1/boards/{id}/lists`
 * (https://developer.atlassian.com/cloud/trello/rest/api-group-members/#api-members-id-boards-get,
 * https://developer.atlassian.com/cloud/trello/rest/api-group-boards/#api-boards-id-lists-get)
 * answer the member's boards and a board's lists, `[{id, name}]`.
 *
 * Authorisation (https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/):
 * `GET /1/authorize?key=…&return_url=…&callback_method=fragment&response_type=token&scope=…
 * &expiration=…&name=…` is the page where the member allows the app; here they allow at once,
 * and the browser goes back to `return_url` with `#token=<the token>`. An unknown key is
 * `invalid key` (401), a missing return URL or another callback method 400.
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
  const boards = [
    {
      id: 'B1',
      name: 'Pedidos da loja',
      lists: [
        ['L1', 'A fazer'],
        ['L2', 'Feito'],
      ],
    },
    { id: 'B2', name: 'Compras', lists: [['L3', 'Cotações']] },
  ];
  const lists = new Set(boards.flatMap((board) => board.lists.map(([id]) => id)));
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

  /** The member allows the app at once: back to `return_url` with the token in the fragment. */
  function authorize(query: Record<string, string>, response: ServerResponse) {
    const { return_url: returnUrl = '', callback_method: method } = query;
    if (!/^https?:\/\//.test(returnUrl)) return plain(response, 400, 'invalid return_url');
    if (method !== 'fragment') return plain(response, 400, 'invalid callback_method');
    const back = new URL(returnUrl);
    back.hash = `token=${encodeURIComponent(token)}`;
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  async function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    const used = credentials(request, url.searchParams);
    const body = raw ? (JSON.parse(raw) as unknown) : undefined;
    const method = request.method ?? 'GET';
    calls.push({ method, path: url.pathname, query, ...used, ...(body ? { body } : {}) });
    if (used.key !== key) return plain(response, 401, 'invalid key');
    if (method === 'GET' && url.pathname === '/1/authorize') return authorize(query, response);
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
    if (method === 'GET' && path === 'members/me/boards')
      return json(
        response,
        boards.map(({ id, name }) => ({ id, name })),
      );
    const boardLists = /^boards\/([^/]+)\/lists$/.exec(path);
    if (method === 'GET' && boardLists) {
      const board = boards.find((one) => one.id === boardLists[1]);
      if (!board) return plain(response, 400, 'invalid id');
      return json(
        response,
        board.lists.map(([id, name]) => ({ id, name })),
      );
    }
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
