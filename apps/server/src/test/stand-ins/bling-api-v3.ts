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
 */
export interface BlingCall {
  method: string;
  /** Path and query as received (`/Api/v3/pedidos/vendas?pagina=1&limite=100`). */
  url: string;
  authorization: string;
  body: Record<string, unknown> | null;
}

export interface BlingStandIn {
  /** The base URL to put in an account's 'URL da API'. */
  url: string;
  calls: BlingCall[];
  /** The records it holds, by resource path (`pedidos/vendas`, `contatos`…). */
  records: Map<string, Map<number, Record<string, unknown>>>;
  /** The next `count` calls answer 429 TOO_MANY_REQUESTS. */
  limitNext(count: number): void;
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

  function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
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
    calls,
    records,
    limitNext: (count) => {
      limited = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
