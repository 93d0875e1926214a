import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of Bling's API v3 for the resources Ponte's connector uses, written from its
 * reference (https://developer.bling.com.br/referencia) and limits
 * (https://developer.bling.com.br/limites): `{base}/Api/v3/<recurso>` with
 * `Authorization: Bearer <access token>`; answers `{data}`; listings paged by `pagina` and
 * `limite` (1 to 100); refusals `{error: {type, message, description, fields: [{code, msg,
 * element, namespace}]}}`; 401 for another token; 429 TOO_MANY_REQUESTS for the calls
 * `limitNext` says (the real service: past 3 a second or its daily cap).
 *
 * Its OAuth 2.0 authorisation, from https://developer.bling.com.br/aplicativos#autorização, for
 * the app `registerApp` registers (the Área do Integrador's client id, client secret and
 * 'Link de redirecionamento'): `GET /Api/v3/oauth/authorize?response_type=code&client_id=…&state=…`
 * stands for the consent page once the company approved: 302 to the app's redirect link (not
 * to any address the request names) with a one-use `code` and the same `state`; `POST
 * /Api/v3/oauth/token` with `Authorization: Basic base64(client_id:client_secret)` and the form
 * `grant_type=authorization_code&code=…` (or `grant_type=refresh_token&refresh_token=…`) answers
 * `{access_token, expires_in: 21600, token_type: 'Bearer', scope, refresh_token}`, the access
 * token being the one the API takes; a wrong client is 401 `invalid_client`, a code used or
 * never issued 400 `invalid_grant`.
 */
export interface BlingCall {
  method: string;
  /** Path and query as received (`/Api/v3/pedidos/vendas?pagina=1&limite=100`). */
  url: string;
  authorization: string;
  body: Record<string, unknown> | null;
}

/** An app of Bling's Área do Integrador. */
export interface BlingApp {
  clientId: string;
  clientSecret: string;
  /** Its 'Link de redirecionamento', where the consent sends the browser back. */
  redirectUri: string;
}

export interface BlingStandIn {
  /** The base URL to put in an account's 'URL da API'. */
  url: string;
  /** Where the authorize page and the token endpoint are (`PONTE_OAUTH_BLING_URL`). */
  origin: string;
  /** Every call, the authorisation's too (the token request's body is its form). */
  calls: BlingCall[];
  /** The records it holds, by resource path (`pedidos/vendas`, `contatos`…). */
  records: Map<string, Map<number, Record<string, unknown>>>;
  /** The next `count` calls answer 429 TOO_MANY_REQUESTS. */
  limitNext(count: number): void;
  /** Registers the app whose authorisations the OAuth endpoints accept. */
  registerApp(app: BlingApp): void;
  close(): Promise<void>;
}

const resources = ['pedidos/vendas', 'contatos', 'produtos', 'nfe', 'estoques'] as const;

type Field = { code: number; msg: string; element: string; namespace: string };

/** What each resource needs to be created (a subset of Bling's own validations). */
function invalid(
  resource: string,
  body: Record<string, unknown>,
  records: BlingStandIn['records'],
): Field[] {
  const fields: Field[] = [];
  const need = (ok: boolean, element: string, msg: string, namespace: string) => {
    if (!ok) fields.push({ code: fields.length + 1, msg, element, namespace });
  };
  const contactId = Number((body.contato as { id?: unknown } | undefined)?.id);
  switch (resource) {
    case 'contatos':
      need(
        !!String(body.nome ?? '').trim(),
        'nome',
        'O nome do contato não pode ser vazio',
        'CONTATOS',
      );
      break;
    case 'produtos':
      need(
        !!String(body.nome ?? '').trim(),
        'nome',
        'O nome do produto não pode ser vazio',
        'PRODUTOS',
      );
      need(
        body.preco === undefined || typeof body.preco === 'number',
        'preco',
        'O preço deve ser numérico',
        'PRODUTOS',
      );
      break;
    case 'pedidos/vendas':
    case 'nfe':
      need(
        records.get('contatos')!.has(contactId),
        'contato',
        'O contato não foi encontrado',
        resource === 'nfe' ? 'NFE' : 'VENDAS',
      );
      need(
        Array.isArray(body.itens) && body.itens.length > 0,
        'itens',
        'Informe ao menos um item',
        resource === 'nfe' ? 'NFE' : 'VENDAS',
      );
      break;
    case 'estoques':
      need(
        records.get('produtos')!.has(Number((body.produto as { id?: unknown })?.id)),
        'produto.id',
        'O produto não foi encontrado',
        'ESTOQUES',
      );
      need(
        typeof body.quantidade === 'number',
        'quantidade',
        'A quantidade deve ser numérica',
        'ESTOQUES',
      );
      need(
        ['E', 'S', 'B'].includes(String(body.operacao ?? 'E')),
        'operacao',
        'Operação inválida',
        'ESTOQUES',
      );
      break;
  }
  return fields;
}

export async function startBlingStandIn(host: string, token: string): Promise<BlingStandIn> {
  const calls: BlingCall[] = [];
  const records: BlingStandIn['records'] = new Map(resources.map((r) => [r, new Map()]));
  let nextId = 1_000;
  let limited = 0;
  let app: BlingApp | undefined;
  const codes = new Set<string>();
  let issued = 0;
  const refreshToken = `refresh-${token}`;

  const send = (response: ServerResponse, status: number, body?: object) => {
    response.writeHead(status, body ? { 'content-type': 'application/json' } : {});
    response.end(body ? JSON.stringify(body) : undefined);
  };
  const error = (
    response: ServerResponse,
    status: number,
    type: string,
    message: string,
    description: string,
    fields?: Field[],
  ) =>
    send(response, status, {
      error: { type, message, description, ...(fields ? { fields } : {}) },
    });

  /** The consent page and the token endpoint; false for any other address. */
  function oauth(
    request: IncomingMessage,
    url: URL,
    raw: string,
    response: ServerResponse,
  ): boolean {
    const authorization = request.headers.authorization ?? '';
    if (request.method === 'GET' && url.pathname === '/Api/v3/oauth/authorize') {
      calls.push({ method: 'GET', url: url.pathname + url.search, authorization, body: null });
      const query = url.searchParams;
      if (
        !app ||
        query.get('client_id') !== app.clientId ||
        query.get('response_type') !== 'code'
      ) {
        error(response, 400, 'invalid_client', 'invalid_client', 'Aplicativo não encontrado.');
        return true;
      }
      if (!query.get('state')) {
        error(response, 400, 'invalid_request', 'invalid_request', 'Informe o state.');
        return true;
      }
      const code = `bling-code-${++issued}`;
      codes.add(code);
      const back = new URL(app.redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state')!);
      response.writeHead(302, { location: back.href });
      response.end();
      return true;
    }
    if (request.method === 'POST' && url.pathname === '/Api/v3/oauth/token') {
      const form = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method: 'POST', url: url.pathname, authorization, body: form });
      const basic = app
        ? `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`
        : null;
      if (authorization !== basic) {
        error(
          response,
          401,
          'invalid_client',
          'invalid_client',
          'Client credentials were not found in the headers or body',
        );
        return true;
      }
      const granted =
        form.grant_type === 'authorization_code'
          ? codes.delete(String(form.code))
          : form.grant_type === 'refresh_token' && form.refresh_token === refreshToken;
      if (!granted) {
        error(
          response,
          400,
          'invalid_grant',
          'invalid_grant',
          "Authorization code doesn't exist or is invalid for the client",
        );
        return true;
      }
      send(response, 200, {
        access_token: token,
        expires_in: 21_600,
        token_type: 'Bearer',
        scope: '98309 5990556 106168710',
        refresh_token: refreshToken,
      });
      return true;
    }
    return false;
  }

  function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (oauth(request, url, raw, response)) return;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    const authorization = request.headers.authorization ?? '';
    calls.push({
      method: request.method ?? '',
      url: url.pathname + url.search,
      authorization,
      body,
    });
    if (authorization !== `Bearer ${token}`) {
      return error(
        response,
        401,
        'invalid_token',
        'invalid_token',
        'The access token provided is invalid',
      );
    }
    if (limited > 0) {
      limited--;
      return error(
        response,
        429,
        'TOO_MANY_REQUESTS',
        'Limite de requisições atingido.',
        'O limite de requisições por segundo foi atingido, tente novamente mais tarde.',
      );
    }
    const path = url.pathname.replace(/^\/Api\/v3\//, '');
    if (request.method === 'GET' && path === 'estoques/saldos') {
      const ids = url.searchParams.getAll('idsProdutos[]').map(Number);
      if (!ids.length) {
        return error(
          response,
          400,
          'VALIDATION_ERROR',
          'Parâmetros inválidos',
          'Informe os produtos.',
          [
            {
              code: 1,
              msg: 'Informe ao menos um produto',
              element: 'idsProdutos',
              namespace: 'ESTOQUES',
            },
          ],
        );
      }
      return send(response, 200, {
        data: ids.map((id) => {
          const moves = [...records.get('estoques')!.values()].filter(
            (move) => (move.produto as { id: number }).id === id,
          );
          const total = moves.reduce(
            (sum, move) =>
              move.operacao === 'B'
                ? Number(move.quantidade)
                : sum + (move.operacao === 'S' ? -1 : 1) * Number(move.quantidade),
            0,
          );
          return { produto: { id }, saldoFisicoTotal: total, saldoVirtualTotal: total };
        }),
      });
    }
    const match = /^(pedidos\/vendas|contatos|produtos|nfe|estoques)(?:\/(\d+))?$/.exec(path);
    if (!match)
      return error(
        response,
        404,
        'RESOURCE_NOT_FOUND',
        'Recurso não encontrado',
        'O endereço não existe.',
      );
    const [, resource, idText] = match as unknown as [string, string, string | undefined];
    const store = records.get(resource)!;
    const id = idText === undefined ? undefined : Number(idText);
    if (id !== undefined && !store.has(id)) {
      return error(
        response,
        404,
        'RESOURCE_NOT_FOUND',
        'Recurso não encontrado',
        'O registro não foi encontrado.',
      );
    }
    switch (`${request.method} ${id === undefined ? 'list' : 'one'}`) {
      case 'GET list': {
        const pagina = Number(url.searchParams.get('pagina') ?? 1);
        const limite = Number(url.searchParams.get('limite') ?? 100);
        if (!(limite >= 1 && limite <= 100) || !(pagina >= 1)) {
          return error(
            response,
            400,
            'VALIDATION_ERROR',
            'Parâmetros inválidos',
            'O limite deve ser de 1 a 100.',
            [{ code: 1, msg: 'O limite máximo é 100', element: 'limite', namespace: 'GERAL' }],
          );
        }
        const all = [...store.values()];
        return send(response, 200, { data: all.slice((pagina - 1) * limite, pagina * limite) });
      }
      case 'GET one':
        return send(response, 200, { data: store.get(id!) });
      case 'POST list': {
        const fields = invalid(resource, body ?? {}, records);
        if (fields.length) {
          return error(
            response,
            400,
            'VALIDATION_ERROR',
            'Não foi possível salvar o registro',
            'Não foi possível salvar o registro, pois existem erros de validação.',
            fields,
          );
        }
        const created = ++nextId;
        store.set(created, { id: created, ...body });
        return send(response, 201, { data: { id: created } });
      }
      case 'PUT one':
        store.set(id!, { ...store.get(id!), ...body, id });
        return send(response, 200, { data: { id } });
      default:
        return error(
          response,
          405,
          'METHOD_NOT_ALLOWED',
          'Método não permitido',
          'Método não permitido.',
        );
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/Api/v3`,
    origin: `http://${host}:${port}`,
    calls,
    records,
    limitNext: (count) => {
      limited = count;
    },
    registerApp: (registered) => {
      app = registered;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
