import type { NodeRunContext } from '../../kit/context';
import type { NodeResult } from '../../kit/message';
import { sendConnectorRequest, type ConnectorCall } from '../kit/connector-http';
import type { ConnectorRequest } from '../kit/connector-types';
import { accountParam, openCall, pagingCaps } from '../kit/define-connector';
import type { PixOperation, PixParamPool } from './pix-operation';
import { pixApiDeclaration } from './pix-api.declaration';
import {
  pixAmount,
  pixDebtor,
  pixEndToEndId,
  pixExtraInfo,
  pixMoment,
  pixRefundId,
  pixTxid,
} from './pix-api-values';

/**
 * The 'Pix' node's operations on a PSP's Pix API (docs/adr/0117; https://github.com/bacen/pix-api,
 * openapi.yaml v2.9.0): immediate charges (`/cob`), received Pix (`/pix`) and refunds, each
 * call with the account's token and client certificate. `msg.payload` is the API's JSON; a
 * listing gives its items (`cobs` or `pix`).
 */

type Ctx = NodeRunContext<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Items a page asks for (`paginacao.itensPorPagina`, at most 1000). */
export const pixPageSize = 100;

export const pixApiParams: PixParamPool = {
  service_account: accountParam(
    ['pix_api'],
    'Uma conta "Pix (API do BC)": a URL da API do PSP, o client ID e secret e o certificado.',
  ),
  cob_txid: {
    type: 'text',
    label: 'txid da cobrança',
    description:
      'O identificador da cobrança, de 26 a 35 letras e números. Ao criar, vazio: o PSP escolhe um.',
  },
  chave: {
    type: 'text',
    label: 'Chave Pix',
    required: true,
    description: 'A chave Pix do recebedor (CPF, CNPJ, e-mail, celular ou aleatória).',
  },
  valor: {
    type: 'text',
    label: 'Valor (R$)',
    required: true,
    placeholder: '123,45',
    description:
      'Em reais, como se escreve no Brasil: 1.234,56. O ponto separa milhares: 1.500 é mil e quinhentos reais; 1,50 é um real e cinquenta.',
  },
  expiracao: {
    type: 'number',
    label: 'Expiração (segundos)',
    default: 3600,
    min: 1,
    description: 'Por quanto tempo a cobrança pode ser paga, contado da criação.',
  },
  devedor_documento: { type: 'text', label: 'CPF ou CNPJ do devedor' },
  devedor_nome: { type: 'text', label: 'Nome do devedor' },
  solicitacao_pagador: {
    type: 'text',
    label: 'Mensagem ao pagador',
    description: 'Até 140 caracteres, mostrados ao pagador (solicitacaoPagador).',
  },
  info_adicionais: {
    type: 'code-editor',
    language: 'json',
    label: 'Informações adicionais (JSON)',
    description: 'Opcional: {"Pedido": "1234"} ou [{"nome": "Pedido", "valor": "1234"}].',
  },
  inicio: {
    type: 'text',
    label: 'Início',
    required: true,
    placeholder: '01/12/2026 00:00',
    description:
      'Criados a partir de: 31/12/2026 18:00 ou 2026-12-31T18:00 (horário de Brasília), ou RFC 3339 com fuso.',
  },
  fim: {
    type: 'text',
    label: 'Fim',
    required: true,
    placeholder: '31/12/2026 23:59',
  },
  e2eid: {
    type: 'text',
    label: 'EndToEndId',
    required: true,
    description: 'O identificador do Pix recebido (32 letras e números, começa com E).',
  },
  devolucao_id: {
    type: 'text',
    label: 'ID da devolução',
    required: true,
    description:
      'Um identificador seu para a devolução, de 1 a 35 letras e números (o ID da devolução no PSP).',
  },
  devolucao_descricao: {
    type: 'text',
    label: 'Mensagem ao pagador',
    description: 'Até 140 caracteres.',
  },
  return_all: {
    type: 'boolean',
    label: 'Buscar todos',
    default: false,
    description: `Segue as páginas da API até o fim (no máximo ${pagingCaps.items.toLocaleString('pt-BR')} itens).`,
  },
  limit: {
    type: 'number',
    label: 'Limite',
    default: 50,
    min: 1,
    max: pagingCaps.items,
    description: 'Quantos itens trazer quando não busca todos.',
  },
};

/** The account's call (its token, certificate and hosts), then one request's JSON. */
async function send(ctx: Ctx, request: ConnectorRequest): Promise<unknown> {
  const call = await openCall(pixApiDeclaration, String(ctx.params.service_account), ctx);
  return (await sendConnectorRequest(call, request)).body;
}

const done = (ctx: Ctx, payload: unknown): NodeResult => ({
  output: 'default',
  msg: { ...ctx.input, payload },
});

/** A text of at most 140 characters (solicitacaoPagador, descricao), or undefined. */
function shortText(value: unknown, label: string): string | undefined {
  const said = text(value);
  if (said.length > 140) throw new Error(`${label}: no máximo 140 caracteres (${said.length}).`);
  return said || undefined;
}

/** The body of a charge (schema CobSolicitada) from the node's params. */
function chargeBody(params: Record<string, unknown>): Record<string, unknown> {
  const chave = text(params.chave);
  if (!chave) throw new Error('Chave Pix: informe a chave do recebedor.');
  const devedor = pixDebtor(params.devedor_documento, params.devedor_nome);
  const solicitacaoPagador = shortText(params.solicitacao_pagador, 'Mensagem ao pagador');
  const infoAdicionais = pixExtraInfo(params.info_adicionais);
  const expiracao = Number(params.expiracao ?? 3600);
  if (!Number.isInteger(expiracao) || expiracao < 1)
    throw new Error('Expiração (segundos): informe um número inteiro de segundos.');
  return {
    calendario: { expiracao },
    ...(devedor ? { devedor } : {}),
    valor: { original: pixAmount(params.valor, 'Valor (R$)') },
    chave,
    ...(solicitacaoPagador ? { solicitacaoPagador } : {}),
    ...(infoAdicionais ? { infoAdicionais } : {}),
  };
}

/**
 * A listing by period (schemas CobsConsultadas, PixConsultados): pages by
 * `paginacao.paginaAtual` from 0 until `quantidadeDePaginas`, 'Limite' items or the caps.
 */
async function listByPeriod(ctx: Ctx, path: 'cob' | 'pix', key: 'cobs' | 'pix') {
  const { params } = ctx;
  const inicio = pixMoment(params.inicio, 'Início');
  const fim = pixMoment(params.fim, 'Fim');
  const limit = params.return_all ? pagingCaps.items : Number(params.limit ?? 50);
  const call: ConnectorCall = await openCall(
    pixApiDeclaration,
    String(params.service_account),
    ctx,
  );
  const items: unknown[] = [];
  let page = 0;
  for (; page < pagingCaps.pages && items.length < limit; page++) {
    const { body } = await sendConnectorRequest(call, {
      method: 'GET',
      path,
      query: {
        inicio,
        fim,
        'paginacao.paginaAtual': page,
        'paginacao.itensPorPagina': Math.min(pixPageSize, limit),
      },
    });
    const answer = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const found = Array.isArray(answer[key]) ? (answer[key] as unknown[]) : [];
    items.push(...found);
    const paging = (answer.parametros as { paginacao?: { quantidadeDePaginas?: unknown } })
      ?.paginacao;
    const pages = Number(paging?.quantidadeDePaginas ?? 0);
    if (!found.length || !(page + 1 < pages)) return done(ctx, items.slice(0, limit));
  }
  if (page >= pagingCaps.pages && items.length < limit) {
    ctx.log.user(
      'API Pix',
      `'Buscar todos' parou em ${items.length.toLocaleString('pt-BR')} itens (${page} páginas): a API Pix tem mais. Filtre o período para trazer o resto.`,
    );
  }
  return done(ctx, items.slice(0, limit));
}

export const pixApiOperations: PixOperation[] = [
  {
    value: 'cob_create',
    label: 'Cobrança → Criar',
    params: [
      'service_account',
      'cob_txid',
      'chave',
      'valor',
      'expiracao',
      'devedor_documento',
      'devedor_nome',
      'solicitacao_pagador',
      'info_adicionais',
    ],
    // With a txid, PUT /cob/{txid} (the receiver names it); without, POST /cob (the PSP does).
    async run(ctx) {
      const json = chargeBody(ctx.params);
      const txid = text(ctx.params.cob_txid);
      const request: ConnectorRequest = txid
        ? { method: 'PUT', path: `cob/${pixTxid(txid)}`, json }
        : { method: 'POST', path: 'cob', json };
      return done(ctx, await send(ctx, request));
    },
  },
  {
    value: 'cob_get',
    label: 'Cobrança → Consultar',
    params: ['service_account', 'cob_txid'],
    async run(ctx) {
      const txid = pixTxid(ctx.params.cob_txid);
      return done(ctx, await send(ctx, { method: 'GET', path: `cob/${txid}` }));
    },
  },
  {
    value: 'cob_cancel',
    label: 'Cobrança → Cancelar',
    params: ['service_account', 'cob_txid'],
    // PATCH /cob/{txid} with the one status a receiver may set (schema CobRevisada).
    async run(ctx) {
      const txid = pixTxid(ctx.params.cob_txid);
      const json = { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' };
      return done(ctx, await send(ctx, { method: 'PATCH', path: `cob/${txid}`, json }));
    },
  },
  {
    value: 'cob_list',
    label: 'Cobrança → Listar',
    params: ['service_account', 'inicio', 'fim', 'return_all', 'limit'],
    run: (ctx) => listByPeriod(ctx, 'cob', 'cobs'),
  },
  {
    value: 'pix_get',
    label: 'Pix recebido → Consultar',
    params: ['service_account', 'e2eid'],
    async run(ctx) {
      const e2eid = pixEndToEndId(ctx.params.e2eid);
      return done(ctx, await send(ctx, { method: 'GET', path: `pix/${e2eid}` }));
    },
  },
  {
    value: 'pix_list',
    label: 'Pix recebidos → Listar',
    params: ['service_account', 'inicio', 'fim', 'return_all', 'limit'],
    run: (ctx) => listByPeriod(ctx, 'pix', 'pix'),
  },
  {
    value: 'pix_refund',
    label: 'Devolução → Solicitar',
    params: ['service_account', 'e2eid', 'devolucao_id', 'valor', 'devolucao_descricao'],
    async run(ctx) {
      const { params } = ctx;
      const path = `pix/${pixEndToEndId(params.e2eid)}/devolucao/${pixRefundId(params.devolucao_id)}`;
      const descricao = shortText(params.devolucao_descricao, 'Mensagem ao pagador');
      const json = {
        valor: pixAmount(params.valor, 'Valor (R$)'),
        ...(descricao ? { descricao } : {}),
      };
      return done(ctx, await send(ctx, { method: 'PUT', path, json }));
    },
  },
];
