import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of the Omie API for the calls Ponte uses, written from Omie's reference
 * (https://developer.omie.com.br/service-list; https://ajuda.omie.com.br/pt-BR/articles/5412721-caracteristicas-e-recomendacoes;
 * errors: https://ajuda.omie.com.br/pt-BR/articles/8001888-tratando-os-erros-de-api; limits:
 * https://ajuda.omie.com.br/pt-BR/articles/8112984-limites-de-consumo-da-api-do-omie):
 * `POST /api/v1/<módulo>/<serviço>/` with `{call, app_key, app_secret, param: [{…}]}`; listings
 * page with `pagina`/`registros_por_pagina` and answer `pagina`, `total_de_paginas`, `registros`,
 * `total_de_registros`; refusals are HTTP 500 `{faultstring, faultcode}`; a page without records
 * is the fault "Não existem registros"; the same Consultar call repeated within the redundancy
 * window is refused as redundant; `limitNextCall()` makes the next call a 429.
 */
export interface OmieStandIn {
  /** The base URL to put in an account's 'URL da API' (it holds `/api/v1`). */
  url: string;
  /** Every call: the path, the keys used, the call and its param. */
  calls: { path: string; appKey: unknown; appSecret: unknown; call: string; param: unknown }[];
  /** The next call answers 429 Too Many Requests. */
  limitNextCall(): void;
  close(): Promise<void>;
}

interface Options {
  appKey: string;
  appSecret: string;
  /** How many clients the account holds (`ListarClientes`). */
  clients?: number;
  /** Seconds a repeated Consultar call is refused (Omie: 60). */
  redundantSeconds?: number;
}

export async function startOmieStandIn(host: string, options: Options): Promise<OmieStandIn> {
  const calls: OmieStandIn['calls'] = [];
  const redundantMs = (options.redundantSeconds ?? 60) * 1000;
  const lastSeen = new Map<string, number>();
  let limited = false;
  const clients: Record<string, unknown>[] = Array.from(
    { length: options.clients ?? 5 },
    (_, i) => ({
      codigo_cliente_omie: 1000 + i,
      codigo_cliente_integracao: `C-${i}`,
      razao_social: `Cliente ${i} Ltda`,
      cnpj_cpf: '12.345.678/0001-90',
    }),
  );
  const send = (response: ServerResponse, status: number, body: object, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const fault = (
    response: ServerResponse,
    faultstring: string,
    faultcode = 'SOAP-ENV:Client-103',
  ) => send(response, 500, { faultstring, faultcode });

  function list(
    response: ServerResponse,
    items: unknown[],
    field: string,
    param: Record<string, unknown>,
  ) {
    const page = Number(param.pagina ?? 1);
    const size = Math.min(Number(param.registros_por_pagina ?? 50), 500);
    const pages = Math.ceil(items.length / size);
    const slice = items.slice((page - 1) * size, page * size);
    if (!slice.length) {
      return fault(
        response,
        `ERROR: Não existem registros para a página [${page}]!`,
        'SOAP-ENV:Client-5113',
      );
    }
    return send(response, 200, {
      pagina: page,
      total_de_paginas: pages,
      registros: slice.length,
      total_de_registros: items.length,
      [field]: slice,
    });
  }

  function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const path = request.url ?? '';
    if (request.method !== 'POST' || !/^\/api\/v1\/[a-z]+\/[a-z]+\/$/.test(path)) {
      return send(response, 404, { faultstring: 'Not Found', faultcode: 'SOAP-ENV:Server' });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return fault(response, 'ERROR: JSON request with SyntaxError', 'SOAP-ENV:Client-1');
    }
    const call = String(body.call ?? '');
    const param = (Array.isArray(body.param) ? body.param[0] : {}) as Record<string, unknown>;
    calls.push({ path, appKey: body.app_key, appSecret: body.app_secret, call, param });
    if (limited) {
      limited = false;
      return send(response, 429, { message: 'Too many requests' }, { 'retry-after': '1' });
    }
    if (body.app_key !== options.appKey || body.app_secret !== options.appSecret) {
      return fault(
        response,
        'ERROR: A chave de acesso não está preenchida ou não é válida!',
        'SOAP-ENV:Client-101',
      );
    }
    if (call.startsWith('Consultar')) {
      const key = `${path}${call}${JSON.stringify(param)}`;
      const seen = lastSeen.get(key);
      lastSeen.set(key, Date.now());
      if (seen !== undefined && Date.now() - seen < redundantMs) {
        const wait = Math.ceil((redundantMs - (Date.now() - seen)) / 1000);
        return fault(
          response,
          `ERROR: Consumo redundante detectado. Aguarde ${wait} segundos para efetuar uma nova requisição.`,
          'SOAP-ENV:Client-6',
        );
      }
    }
    switch (`${path} ${call}`) {
      case '/api/v1/geral/empresas/ ListarEmpresas':
        return send(response, 200, {
          pagina: 1,
          total_de_paginas: 1,
          registros: 1,
          total_de_registros: 1,
          empresas_cadastro: [{ codigo_empresa: 1, razao_social: 'Padaria Pão Quente Ltda' }],
        });
      case '/api/v1/geral/clientes/ ListarClientes':
        return list(response, clients, 'clientes_cadastro', param);
      case '/api/v1/geral/clientes/ ConsultarCliente': {
        const found = clients.find((c) => c.codigo_cliente_omie === param.codigo_cliente_omie);
        return found
          ? send(response, 200, found)
          : fault(
              response,
              `ERROR: Cliente não cadastrado para o Código [${String(param.codigo_cliente_omie)}] !`,
            );
      }
      case '/api/v1/geral/clientes/ IncluirCliente': {
        for (const field of ['codigo_cliente_integracao', 'razao_social', 'cnpj_cpf']) {
          if (!param[field]) {
            return fault(
              response,
              `ERROR: Tag [${field.toUpperCase()}] faltando ou vazia!`,
              'SOAP-ENV:Client-8',
            );
          }
        }
        if (clients.some((c) => c.codigo_cliente_integracao === param.codigo_cliente_integracao)) {
          return fault(
            response,
            `ERROR: Cliente já cadastrado para o Código de Integração [${String(param.codigo_cliente_integracao)}] !`,
          );
        }
        const created = { ...param, codigo_cliente_omie: 1000 + clients.length };
        clients.push(created);
        return send(response, 200, {
          codigo_cliente_omie: created.codigo_cliente_omie,
          codigo_cliente_integracao: param.codigo_cliente_integracao,
          codigo_status: '0',
          descricao_status: 'Cliente cadastrado com sucesso!',
        });
      }
      default:
        return fault(response, `ERROR: Método [${call}] não existe!`, 'SOAP-ENV:Client-2');
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
    url: `http://${host}:${port}/api/v1`,
    calls,
    limitNextCall: () => {
      limited = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
