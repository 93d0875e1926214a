import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

/**
 * A stand-in of a PSP's Pix API for what Ponte uses, written from the Banco Central's
 * specification (https://github.com/bacen/pix-api, openapi.yaml v2.9.0): HTTPS that requires a
 * client certificate signed by the given authority (`requestCert`, `rejectUnauthorized`), as
 * PSPs require mutual TLS; an OAuth2 client_credentials token at `/api/v2/oauth/token`
 * (RFC 6749 §4.4, client id and secret in Basic auth); under `/api/v2`: `PUT /cob/{txid}`,
 * `POST /cob`, `GET /cob/{txid}`, `PATCH /cob/{txid}` (the status only), `GET /cob?inicio&fim`
 * and `GET /pix?inicio&fim` paged by `paginacao.paginaAtual`/`paginacao.itensPorPagina`
 * (schema Paginacao), `GET /pix/{e2eid}`,
 * `PUT /pix/{e2eid}/devolucao/{id}`, `PUT|GET|DELETE /webhook/{chave}`. Refusals are problem
 * JSON (schema Problema: `type`, `title`, `status`, `detail`, `violacoes`). `pay` settles a
 * charge as a received Pix, and `notify` makes the callback `listaPix`: `POST <webhookUrl>/pix`
 * with `{pix: [...]}`.
 */
export interface PixApiStandIn {
  /** The account's 'URL da API'. */
  url: string;
  /** Every call after the TLS handshake: method, path with query, and the JSON body. */
  calls: { method: string; path: string; body: unknown }[];
  /** Tokens issued. */
  tokens: string[];
  /** The webhook of each key, as PUT left it. */
  webhooks: Map<string, string>;
  /** A charge paid: its received Pix, as `GET /pix/{e2eid}` answers it. */
  pay(txid: string): Record<string, unknown>;
  /**
   * The PSP's call to the key's webhook (`<webhookUrl>/pix`, `/pix` appended to the path), made
   * through `post` (the app's address of that URL and the JSON body).
   */
  notify(
    chave: string,
    pix: Record<string, unknown>[],
    post: (url: URL, body: string) => Promise<number>,
  ): Promise<number>;
  close(): Promise<void>;
}

export interface PixApiStandInOptions {
  /** The server's certificate and key (for the host it listens on). */
  server: { cert: string; key: string };
  /** The authority whose client certificates it accepts. */
  ca: string;
  clientId: string;
  clientSecret: string;
}

type Json = Record<string, unknown>;

const problem = (status: number, title: string, detail: string, violacoes?: Json[]) => ({
  type: `https://pix.bcb.gov.br/api/v2/error/${status === 404 ? 'NaoEncontrado' : 'CobOperacaoInvalida'}`,
  title,
  status,
  detail,
  ...(violacoes ? { violacoes } : {}),
});

function send(response: ServerResponse, status: number, body?: unknown) {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  response.writeHead(status, body === undefined ? {} : { 'content-type': type });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

/** The items of one page and the `parametros` of a listing (schema Paginacao). */
function page(items: unknown[], query: URLSearchParams) {
  const current = Number(query.get('paginacao.paginaAtual') ?? 0);
  const size = Number(query.get('paginacao.itensPorPagina') ?? 100);
  return {
    parametros: {
      inicio: query.get('inicio'),
      fim: query.get('fim'),
      paginacao: {
        paginaAtual: current,
        itensPorPagina: size,
        quantidadeDePaginas: Math.max(1, Math.ceil(items.length / size)),
        quantidadeTotalDeItens: items.length,
      },
    },
    items: items.slice(current * size, current * size + size),
  };
}

/** Violations of a CobSolicitada the stand-in checks, as `violacoes`. */
function cobViolations(body: Json): Json[] {
  const found: Json[] = [];
  const valor = (body.valor as Json | undefined)?.original;
  if (typeof valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor))
    found.push({
      razao: 'O campo cob.valor.original não respeita o _schema_.',
      propriedade: 'cob.valor.original',
    });
  if (typeof body.chave !== 'string' || !body.chave || body.chave === 'chave-de-outro')
    found.push({
      razao: 'A chave não pertence a este usuário recebedor.',
      propriedade: 'cob.chave',
    });
  return found;
}

export async function startPixApiStandIn(
  host: string,
  options: PixApiStandInOptions,
): Promise<PixApiStandIn> {
  const calls: PixApiStandIn['calls'] = [];
  const tokens: string[] = [];
  const webhooks = new Map<string, string>();
  const cobs = new Map<string, Json>();
  const pixes = new Map<string, Json>();
  let serial = 0;
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;

  function createCob(txid: string, body: Json, response: ServerResponse) {
    const violacoes = cobViolations(body);
    if (violacoes.length)
      return send(
        response,
        400,
        problem(
          400,
          'Cobrança inválida.',
          'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.',
          violacoes,
        ),
      );
    const location = `pix.psp.example/qr/v2/${txid}`;
    const cob = {
      calendario: { criacao: new Date().toISOString(), ...(body.calendario as Json) },
      txid,
      revisao: 0,
      loc: { id: ++serial, location, tipoCob: 'cob' },
      location,
      status: 'ATIVA',
      ...(body.devedor ? { devedor: body.devedor } : {}),
      valor: body.valor,
      chave: body.chave,
      ...(body.solicitacaoPagador ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
      ...(body.infoAdicionais ? { infoAdicionais: body.infoAdicionais } : {}),
      pixCopiaECola: `00020101021226${location}5204000053039865802BR5913Loja Exemplo6009SAO PAULO62070503***6304ABCD`,
    };
    cobs.set(txid, cob);
    send(response, 201, cob);
  }

  function api(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Json,
    response: ServerResponse,
  ) {
    let match: RegExpExecArray | null;
    if ((match = /^\/cob\/([a-zA-Z0-9]{26,35})$/.exec(path))) {
      const txid = match[1]!;
      if (method === 'PUT') return createCob(txid, body, response);
      const cob = cobs.get(txid);
      if (method === 'PATCH' && cob) {
        if (body.status !== undefined && body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR')
          return send(
            response,
            400,
            problem(400, 'Cobrança inválida.', 'Status não permitido.', [
              { razao: 'Só REMOVIDA_PELO_USUARIO_RECEBEDOR.', propriedade: 'cob.status' },
            ]),
          );
        Object.assign(cob, body, { revisao: Number(cob.revisao) + 1 });
        return send(response, 200, cob);
      }
      if (method === 'GET' && cob) return send(response, 200, cob);
      return send(
        response,
        404,
        problem(404, 'Não Encontrado', `Cobrança ${txid} não encontrada.`),
      );
    }
    if (path === '/cob' && method === 'POST')
      return createCob(`psp${String(++serial).padStart(29, '0')}`, body, response);
    if (path === '/cob' && method === 'GET') {
      const { parametros, items } = page([...cobs.values()], query);
      return send(response, 200, { parametros, cobs: items });
    }
    if (path === '/pix' && method === 'GET') {
      const { parametros, items } = page([...pixes.values()], query);
      return send(response, 200, { parametros, pix: items });
    }
    if ((match = /^\/pix\/([a-zA-Z0-9]{32})$/.exec(path)) && method === 'GET') {
      const pix = pixes.get(match[1]!);
      return pix
        ? send(response, 200, pix)
        : send(response, 404, problem(404, 'Não Encontrado', `Pix ${match[1]} não encontrado.`));
    }
    if (
      (match = /^\/pix\/([a-zA-Z0-9]{32})\/devolucao\/([a-zA-Z0-9]{1,35})$/.exec(path)) &&
      method === 'PUT'
    ) {
      const pix = pixes.get(match[1]!);
      if (!pix)
        return send(
          response,
          404,
          problem(404, 'Não Encontrado', `Pix ${match[1]} não encontrado.`),
        );
      const devolucao = {
        id: match[2],
        rtrId: `D${String(++serial).padStart(31, '0')}`,
        valor: body.valor,
        horario: { solicitacao: new Date().toISOString() },
        status: 'EM_PROCESSAMENTO',
      };
      pix.devolucoes = [...((pix.devolucoes as Json[]) ?? []), devolucao];
      return send(response, 201, devolucao);
    }
    if ((match = /^\/webhook\/([^/]+)$/.exec(path))) {
      const chave = decodeURIComponent(match[1]!);
      if (method === 'PUT') {
        webhooks.set(chave, String(body.webhookUrl));
        return send(response, 200);
      }
      const url = webhooks.get(chave);
      if (!url)
        return send(response, 404, problem(404, 'Não Encontrado', 'Webhook não encontrado.'));
      if (method === 'GET')
        return send(response, 200, { webhookUrl: url, chave, criacao: new Date().toISOString() });
      if (method === 'DELETE') {
        webhooks.delete(chave);
        return send(response, 204);
      }
    }
    return send(response, 404, problem(404, 'Não Encontrado', `${method} ${path}`));
  }

  function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'https://psp.local');
    const method = request.method ?? 'GET';
    const json = (() => {
      try {
        return raw ? (JSON.parse(raw) as Json) : {};
      } catch {
        return {};
      }
    })();
    calls.push({ method, path: `${url.pathname}${url.search}`, body: raw ? json : undefined });
    if (!(request.socket as TLSSocket).authorized) return send(response, 401);
    if (url.pathname === '/api/v2/oauth/token' && method === 'POST') {
      const form = new URLSearchParams(raw);
      if (
        request.headers.authorization !== basic ||
        form.get('grant_type') !== 'client_credentials'
      )
        return send(response, 401, {
          error: 'invalid_client',
          error_description: 'Credenciais inválidas.',
        });
      const token = `token-${tokens.length + 1}`;
      tokens.push(token);
      return send(response, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: form.get('scope'),
      });
    }
    if (!url.pathname.startsWith('/api/v2/')) return send(response, 404);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.includes(bearer))
      return send(response, 403, problem(403, 'Acesso Negado', 'Token ausente ou inválido.'));
    api(method, url.pathname.slice('/api/v2'.length), url.searchParams, json, response);
  }

  const server: Server = createServer(
    { ...options.server, ca: options.ca, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      request.on('end', () => answer(request, raw, response));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://${host}:${port}/api/v2`,
    calls,
    tokens,
    webhooks,
    pay(txid) {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`Cobrança ${txid} não existe no substituto.`);
      cob.status = 'CONCLUIDA';
      const endToEndId = `E12345678${String(++serial).padStart(23, '0')}`;
      const pix = {
        endToEndId,
        txid,
        valor: (cob.valor as Json).original,
        chave: cob.chave,
        horario: new Date().toISOString(),
        infoPagador: 'Pagamento do pedido',
      };
      pixes.set(endToEndId, pix);
      return pix;
    },
    async notify(chave, pix, post) {
      const registered = webhooks.get(chave);
      if (!registered) throw new Error(`A chave ${chave} não tem webhook no substituto.`);
      const url = new URL(registered);
      url.pathname = `${url.pathname.replace(/\/$/, '')}/pix`;
      return post(url, JSON.stringify({ pix }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
