import {
  defineConnector,
  type ConnectorOperation,
  type ConnectorRequest,
  type ConnectorResponse,
} from '../kit/define-connector';
import { blingErrorMessage } from './bling-errors';
import { blingParams } from './bling-params';
import {
  blingDate,
  blingId,
  brNumber,
  jsonObject,
  mergeBody,
  personDocument,
  present,
} from './bling-values';

/**
 * Bling ERP, API v3 (https://developer.bling.com.br/referencia): `{base}/<recurso>` with
 * `Authorization: Bearer <access token>` of the account's OAuth2 authorisation; every answer
 * `{data}`; listings paged by `pagina` and `limite` (at most 100), ending on a short or empty
 * page; refusals `{error: {type, message, description, fields}}` (bling-errors.ts).
 */

/** Bling's own address; an account's 'URL da API' replaces it. */
export const blingApiUrl = 'https://api.bling.com.br/Api/v3';

/** The largest page Bling gives (`limite`). */
const pageSize = 100;

const data = (response: ConnectorResponse) => {
  const body = response.body as { data?: unknown } | null;
  return body && typeof body === 'object' && 'data' in body ? body.data : response.body;
};

const extra = (p: Record<string, unknown>) => jsonObject(p.campos_adicionais, 'Campos adicionais');

/** A list's query: the page and Bling's filters typed in 'Filtros' (scalars or lists). */
function listQuery(p: Record<string, unknown>): NonNullable<ConnectorRequest['query']> {
  const filters = jsonObject(p.filtros, 'Filtros');
  for (const [key, value] of Object.entries(filters)) {
    const scalar = (item: unknown) => ['string', 'number', 'boolean'].includes(typeof item);
    if (!(scalar(value) || (Array.isArray(value) && value.every(scalar)))) {
      throw new Error(`"Filtros": o filtro "${key}" deve ser um texto, um número ou uma lista.`);
    }
  }
  return {
    ...(filters as NonNullable<ConnectorRequest['query']>),
    pagina: 1,
    limite: pageSize,
  };
}

/** `pagina` + 1 while a page comes full (Bling has no total nor next link). */
const paging = {
  items: (response: ConnectorResponse) => {
    const items = data(response);
    return Array.isArray(items) ? items : [];
  },
  next: (request: ConnectorRequest, _response: ConnectorResponse, items: unknown[]) =>
    items.length < pageSize
      ? null
      : { ...request, query: { ...request.query, pagina: Number(request.query?.pagina) + 1 } },
};

/** List, read, create and update of one of Bling's resources at `path`. */
function crud(
  resource: string,
  path: string,
  fields: string[],
  body: (p: Record<string, unknown>, creating: boolean) => Record<string, unknown>,
): Record<string, ConnectorOperation> {
  const at = (p: Record<string, unknown>) => `${path}/${blingId(p.id, 'ID')}`;
  return {
    listar: {
      resource,
      action: 'Listar',
      params: ['filtros'],
      request: (p) => ({ method: 'GET', path, query: listQuery(p) }),
      paging,
    },
    consultar: {
      resource,
      action: 'Consultar',
      params: ['id'],
      request: (p) => ({ method: 'GET', path: at(p) }),
    },
    criar: {
      resource,
      action: 'Criar',
      params: [...fields, 'campos_adicionais'],
      request: (p) => ({ method: 'POST', path, json: body(p, true) }),
    },
    atualizar: {
      resource,
      action: 'Atualizar',
      params: ['id', ...fields, 'campos_adicionais'],
      request: (p) => ({ method: 'PUT', path: at(p), json: body(p, false) }),
    },
  };
}

/** Operations keyed `<recurso>_<ação>` (the node keeps these keys). */
function prefixed(prefix: string, operations: Record<string, ConnectorOperation>) {
  return Object.fromEntries(
    Object.entries(operations).map(([key, op]) => [`${prefix}_${key}`, op]),
  );
}

/** The rows of 'Itens' as Bling's items: a product by id or code, quantity and unit price. */
function items(value: unknown): Record<string, unknown>[] | undefined {
  const rows = (Array.isArray(value) ? value : []) as Record<string, unknown>[];
  const filled = rows.filter((row) => Object.values(row ?? {}).some((cell) => cell !== ''));
  if (!filled.length) return undefined;
  return filled.map((row, index) => {
    const line = `Itens, linha ${index + 1}`;
    const id = String(row.produto_id ?? '').trim();
    return present({
      ...(id ? { produto: { id: blingId(id, `${line}: ID do produto`) } } : {}),
      codigo: String(row.codigo ?? '').trim(),
      descricao: String(row.descricao ?? '').trim(),
      quantidade: brNumber(row.quantidade, `${line}: Quantidade`) ?? 1,
      valor: brNumber(row.valor, `${line}: Valor unitário`),
    });
  });
}

/** A field Bling needs to create the record, asked before any call. */
function needed(p: Record<string, unknown>, name: string, label: string, what: string) {
  if (String(p[name] ?? '').trim() === '') {
    throw new Error(`Preencha "${label}" para criar ${what} no Bling.`);
  }
}

const byId = (value: unknown, label: string) =>
  String(value ?? '').trim() ? { id: blingId(value, label) } : undefined;

const contato = (p: Record<string, unknown>, creating: boolean) => {
  if (creating) needed(p, 'nome', 'Nome', 'o contato');
  const document = personDocument(p.documento, String(p.tipo_pessoa ?? ''));
  return mergeBody(creating ? { situacao: 'A' } : {}, extra(p), {
    nome: p.nome,
    tipo: document.tipo,
    numeroDocumento: document.numeroDocumento,
    email: p.email,
    telefone: p.telefone,
  });
};

const produto = (p: Record<string, unknown>, creating: boolean) => {
  if (creating) needed(p, 'nome', 'Nome', 'o produto');
  return mergeBody(creating ? { tipo: 'P', situacao: 'A', formato: 'S' } : {}, extra(p), {
    nome: p.nome,
    codigo: p.codigo,
    preco: brNumber(p.preco, 'Preço'),
    unidade: p.unidade,
  });
};

const pedido = (p: Record<string, unknown>, creating: boolean) => {
  if (creating) {
    needed(p, 'contato_id', 'ID do contato', 'o pedido');
    needed(p, 'data', 'Data', 'o pedido');
  }
  return mergeBody({}, extra(p), {
    contato: byId(p.contato_id, 'ID do contato'),
    data: blingDate(p.data, 'Data'),
    itens: items(p.itens),
    observacoes: p.observacoes,
  });
};

export const blingConnector = defineConnector({
  service: 'bling',
  label: 'Bling',
  description:
    'Cria, consulta, atualiza e lista pedidos de venda, contatos, produtos, estoque e notas fiscais no Bling ERP.',
  icon: 'building-warehouse',
  accountTypes: ['oauth2'],
  baseUrl: blingApiUrl,
  params: blingParams,
  operations: {
    ...prefixed(
      'pedido',
      crud(
        'Pedido de venda',
        'pedidos/vendas',
        ['contato_id', 'data', 'itens', 'observacoes'],
        pedido,
      ),
    ),
    ...prefixed(
      'contato',
      crud(
        'Contato',
        'contatos',
        ['nome', 'tipo_pessoa', 'documento', 'email', 'telefone'],
        contato,
      ),
    ),
    ...prefixed(
      'produto',
      crud('Produto', 'produtos', ['nome', 'codigo', 'preco', 'unidade'], produto),
    ),
    estoque_lancar: {
      resource: 'Estoque',
      action: 'Lançar movimentação',
      params: [
        'produto_id',
        'deposito_id',
        'operacao_estoque',
        'quantidade',
        'preco',
        'custo',
        'observacoes',
      ],
      request: (p) => ({
        method: 'POST',
        path: 'estoques',
        json: present({
          produto: { id: blingId(p.produto_id, 'ID do produto') },
          deposito: byId(p.deposito_id, 'ID do depósito'),
          operacao: p.operacao_estoque,
          quantidade: brNumber(p.quantidade, 'Quantidade'),
          preco: brNumber(p.preco, 'Preço'),
          custo: brNumber(p.custo, 'Custo'),
          observacoes: p.observacoes,
        }),
      }),
    },
    estoque_saldos: {
      resource: 'Estoque',
      action: 'Consultar saldos',
      params: ['produtos_ids'],
      request: (p) => ({
        method: 'GET',
        path: 'estoques/saldos',
        query: {
          'idsProdutos[]': String(p.produtos_ids ?? '')
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map((id) => blingId(id, 'IDs dos produtos')),
        },
      }),
    },
    nfe_listar: {
      resource: 'Nota fiscal (NF-e)',
      action: 'Listar',
      params: ['filtros'],
      request: (p) => ({ method: 'GET', path: 'nfe', query: listQuery(p) }),
      paging,
    },
    nfe_consultar: {
      resource: 'Nota fiscal (NF-e)',
      action: 'Consultar',
      params: ['id'],
      request: (p) => ({ method: 'GET', path: `nfe/${blingId(p.id, 'ID')}` }),
    },
    nfe_criar: {
      resource: 'Nota fiscal (NF-e)',
      action: 'Criar',
      params: ['tipo_nota', 'contato_id', 'itens', 'campos_adicionais'],
      request: (p) => ({
        method: 'POST',
        path: 'nfe',
        json: mergeBody({ tipo: 1 }, extra(p), {
          tipo: p.tipo_nota === undefined ? undefined : Number(p.tipo_nota),
          contato: byId(p.contato_id, 'ID do contato'),
          itens: items(p.itens),
        }),
      }),
    },
  },
  refuseAccount: (account) =>
    account.data.service_type === 'bling_erp_oauth2'
      ? undefined
      : `A conta "${account.name}" é OAuth2 de outro serviço: o conector Bling usa uma conta OAuth2 com o serviço "Bling ERP".`,
  async authorize(_account, request, context) {
    request.headers.authorization = `Bearer ${await context.accessToken()}`;
  },
  errorMessage: blingErrorMessage,
  result: data,
});
