import {
  defineConnector,
  type ConnectorOperation,
  type ConnectorResponse,
} from '../kit/define-connector';

/**
 * Omie ERP API (https://developer.omie.com.br/service-list,
 * https://ajuda.omie.com.br/pt-BR/articles/5412721-caracteristicas-e-recomendacoes): every call
 * is `POST {base}/<módulo>/<serviço>/` with `{call, app_key, app_secret, param: [{…}]}`.
 * Listings page with `pagina`/`registros_por_pagina` and answer `pagina`, `total_de_paginas`,
 * `registros`, `total_de_registros`; refusals are HTTP 500 `{faultstring, faultcode}`. Limits
 * (https://ajuda.omie.com.br/pt-BR/articles/8112984-limites-de-consumo-da-api-do-omie): 429 past
 * the rate, and a call repeated within 60 s is refused as redundant until they pass.
 */

/** Omie's own address; an account's 'URL da API' replaces it. */
export const omieApiUrl = 'https://app.omie.com.br/api/v1';

/** Records asked per page (Omie suggests up to 500). */
export const omiePageSize = 100;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const fault = (response: ConnectorResponse) => {
  const said = record(response.body).faultstring;
  return typeof said === 'string' ? said.replace(/^\s*ERROR:\s*/i, '').trim() : '';
};

/** A listing with no record for the page is a fault in Omie, not an empty page. */
const noRecords = (said: string) => /n[ãa]o existem registros/i.test(said);
const redundant = (said: string) => /consumo redundante|requisi[çc][ãa]o redundante/i.test(said);

/** A JSON param ('Dados', 'Filtros'): an object from an expression, or JSON text. */
function objectParam(value: unknown, label: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error(`O campo "${label}" não é um JSON válido.`);
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`O campo "${label}" deve ser um objeto JSON, como {"razao_social": "…"}.`);
  }
  return parsed as Record<string, unknown>;
}

const rpc = (path: string, call: string, param: Record<string, unknown>) => ({
  method: 'POST' as const,
  path,
  json: { call, param: [param] },
});

/** Omie's resources: where each lives, its calls, its listing's array and its key field. */
interface OmieResource {
  resource: string;
  path: string;
  list: { call: string; items: string };
  get: { call: string; key: string };
  create: string;
  update?: string;
}

const listing = (r: OmieResource): ConnectorOperation => ({
  resource: r.resource,
  action: 'Listar',
  params: ['filtros'],
  request: (p) =>
    rpc(r.path, r.list.call, {
      pagina: 1,
      registros_por_pagina: omiePageSize,
      apenas_importado_api: 'N',
      ...objectParam(p.filtros, 'Filtros (JSON)'),
    }),
  paging: {
    items: (response) => {
      const items = record(response.body)[r.list.items];
      return Array.isArray(items) ? items : [];
    },
    next(request, response) {
      const body = record(response.body);
      const page = Number(body.pagina);
      if (!Number.isFinite(page) || page >= Number(body.total_de_paginas)) return null;
      const json = request.json as { call: string; param: Record<string, unknown>[] };
      return { ...request, json: { ...json, param: [{ ...json.param[0], pagina: page + 1 }] } };
    },
  },
});

const operationsOf = (key: string, r: OmieResource): Record<string, ConnectorOperation> => ({
  [`${key}_listar`]: listing(r),
  [`${key}_consultar`]: {
    resource: r.resource,
    action: 'Consultar',
    params: ['codigo'],
    request: (p) => rpc(r.path, r.get.call, { [r.get.key]: Number(p.codigo) }),
  },
  [`${key}_incluir`]: {
    resource: r.resource,
    action: 'Incluir',
    params: ['dados'],
    request: (p) => rpc(r.path, r.create, objectParam(p.dados, 'Dados (JSON)')),
  },
  ...(r.update
    ? {
        [`${key}_alterar`]: {
          resource: r.resource,
          action: 'Alterar',
          params: ['codigo', 'dados'],
          request: (p: Record<string, unknown>) =>
            rpc(r.path, r.update!, {
              ...objectParam(p.dados, 'Dados (JSON)'),
              [r.get.key]: Number(p.codigo),
            }),
        },
      }
    : {}),
});

const resources: Record<string, OmieResource> = {
  cliente: {
    resource: 'Cliente',
    path: 'geral/clientes/',
    list: { call: 'ListarClientes', items: 'clientes_cadastro' },
    get: { call: 'ConsultarCliente', key: 'codigo_cliente_omie' },
    create: 'IncluirCliente',
    update: 'AlterarCliente',
  },
  produto: {
    resource: 'Produto',
    path: 'geral/produtos/',
    list: { call: 'ListarProdutos', items: 'produto_servico_cadastro' },
    get: { call: 'ConsultarProduto', key: 'codigo_produto' },
    create: 'IncluirProduto',
    update: 'AlterarProduto',
  },
  pedido: {
    resource: 'Pedido de venda',
    path: 'produtos/pedido/',
    list: { call: 'ListarPedidos', items: 'pedido_venda_produto' },
    get: { call: 'ConsultarPedido', key: 'codigo_pedido' },
    create: 'IncluirPedido',
  },
  conta_receber: {
    resource: 'Conta a receber',
    path: 'financas/contareceber/',
    list: { call: 'ListarContasReceber', items: 'conta_receber_cadastro' },
    get: { call: 'ConsultarContaReceber', key: 'codigo_lancamento_omie' },
    create: 'IncluirContaReceber',
    update: 'AlterarContaReceber',
  },
  conta_pagar: {
    resource: 'Conta a pagar',
    path: 'financas/contapagar/',
    list: { call: 'ListarContasPagar', items: 'conta_pagar_cadastro' },
    get: { call: 'ConsultarContaPagar', key: 'codigo_lancamento_omie' },
    create: 'IncluirContaPagar',
    update: 'AlterarContaPagar',
  },
};

function errorMessage(response: ConnectorResponse): string | undefined {
  const said = fault(response);
  if (response.status === 429) return undefined;
  if (!said) return undefined;
  if (/chave de acesso|app_key|app_secret|aplicativo n[ãa]o/i.test(said)) {
    return `O Omie recusou a chave do aplicativo (app key e app secret) da conta de serviço: ${said}`;
  }
  if (/bloquead/i.test(said)) {
    return `O Omie bloqueou as chamadas desta chave por consumo indevido; espere o desbloqueio e revise o fluxo (${said}).`;
  }
  return `O Omie recusou a chamada: ${said}`;
}

export const omieConnector = defineConnector({
  service: 'omie',
  label: 'Omie',
  description:
    'Lista, consulta e inclui clientes, produtos, pedidos de venda e contas a receber e a pagar no Omie.',
  icon: 'building-store',
  accountTypes: ['omie_erp'],
  baseUrl: omieApiUrl,
  params: {
    codigo: {
      type: 'number',
      label: 'Código no Omie',
      required: true,
      min: 1,
      description:
        'O código que o Omie deu ao registro (codigo_cliente_omie, codigo_produto, codigo_pedido ou codigo_lancamento_omie).',
    },
    dados: {
      type: 'code-editor',
      language: 'json',
      label: 'Dados (JSON)',
      required: true,
      default: '{\n  \n}',
      description:
        'Os campos do registro como o Omie os documenta em developer.omie.com.br, por exemplo {"codigo_cliente_integracao": "C-42", "razao_social": "Padaria Pão Quente Ltda", "cnpj_cpf": "12.345.678/0001-90"}.',
    },
    filtros: {
      type: 'code-editor',
      language: 'json',
      label: 'Filtros (JSON)',
      description:
        'Filtros da listagem do Omie, opcionais, por exemplo {"filtrar_por_data_de": "01/01/2026"}.',
    },
  },
  operations: Object.assign(
    {},
    ...Object.entries(resources).map(([key, r]) => operationsOf(key, r)),
  ) as Record<string, ConnectorOperation>,
  authorize(account, request) {
    const appKey = String(account.data.app_key ?? '');
    const appSecret = String(account.data.app_secret ?? '');
    if (!appKey || !appSecret) {
      throw new Error(`A conta "${account.name}" não tem a app key e o app secret do Omie.`);
    }
    // Omie takes its keys in the body, after `call`: {call, app_key, app_secret, param}.
    const body = record(JSON.parse(request.body ?? '{}'));
    request.body = JSON.stringify({
      call: body.call,
      app_key: appKey,
      app_secret: appSecret,
      ...body,
    });
  },
  // 'Não existem registros' ends a listing: its page is empty, not a refusal.
  failure: (response) =>
    (response.status < 200 || response.status >= 300) && !noRecords(fault(response)),
  rateLimited: (response) => redundant(fault(response)),
  retryAfterMs(response) {
    const said = fault(response);
    if (!redundant(said)) return undefined;
    const seconds = Number(/(\d+)\s*segundos?/i.exec(said)?.[1] ?? 60);
    return seconds * 1000;
  },
  errorMessage,
});
