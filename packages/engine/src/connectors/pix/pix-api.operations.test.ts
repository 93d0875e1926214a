import { describe, expect, it } from 'vitest';
import { createFakePorts, jsonResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { pixConnector } from './pix.connector';

// Requests and answers as the Banco Central's Pix API documents them:
// https://github.com/bacen/pix-api, openapi.yaml v2.9.0 (paths /cob, /cob/{txid}, /pix,
// /pix/{e2eid}, /pix/{e2eid}/devolucao/{id}; schemas CobSolicitada, Paginacao, Problema; examples
// cobResponse1, getPix1, devolucaoResponse1, RequisicaoInvalidaCobExample1).
const txid = '7978c0c97ea847e78e8849634473c1f1';
const e2eid = 'E12345678202009091221abcdef12345';

function psp() {
  const ports = createFakePorts();
  ports.accounts.psp = {
    _id: 'psp',
    name: 'PSP da loja',
    type: 'pix_api',
    data: {
      api_url: 'https://pix.psp.example/api/v2',
      client_id: 'cliente',
      client_secret: 'segredo',
      certificate: '-----BEGIN CERTIFICATE-----\nCERT\n-----END CERTIFICATE-----',
      private_key: '-----BEGIN PRIVATE KEY-----\nKEY\n-----END PRIVATE KEY-----',
      access_token: 'token-do-psp',
    },
  };
  return ports;
}

const run = (ports: ReturnType<typeof psp>, params: Record<string, unknown>) =>
  runNode(pixConnector, { ports, params: { service_account: 'psp', ...params } });

const body = (ports: ReturnType<typeof psp>, index = 0) =>
  JSON.parse(String(ports.httpCalls[index]!.body)) as Record<string, unknown>;

describe('svc_pix: the Pix API operations', () => {
  it('creates a charge with its txid by PUT, amount as "1234.50", debtor by CPF, over mTLS', async () => {
    const ports = psp();
    ports.httpHandler = () =>
      jsonResponse(201, {
        txid,
        status: 'ATIVA',
        location: 'pix.example.com/qr/9d36',
        pixCopiaECola: '000201…',
      });
    const { emitted } = await run(ports, {
      operation: 'cob_create',
      cob_txid: txid,
      chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
      valor: '1.234,5',
      devedor_documento: '529.982.247-25',
      devedor_nome: 'Fulano de Tal',
      solicitacao_pagador: 'Serviço realizado.',
      info_adicionais: '{"Pedido": "1234"}',
    });
    const call = ports.httpCalls[0]!;
    expect(call.method).toBe('PUT');
    expect(call.url).toBe(`https://pix.psp.example/api/v2/cob/${txid}`);
    expect(call.headers.authorization).toBe('Bearer token-do-psp');
    expect(call.clientCertificate).toEqual({
      cert: '-----BEGIN CERTIFICATE-----\nCERT\n-----END CERTIFICATE-----',
      key: '-----BEGIN PRIVATE KEY-----\nKEY\n-----END PRIVATE KEY-----',
    });
    expect(body(ports)).toEqual({
      calendario: { expiracao: 3600 },
      devedor: { cpf: '52998224725', nome: 'Fulano de Tal' },
      valor: { original: '1234.50' },
      chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
      solicitacaoPagador: 'Serviço realizado.',
      infoAdicionais: [{ nome: 'Pedido', valor: '1234' }],
    });
    expect(emitted[0]!.msg.payload).toMatchObject({
      pixCopiaECola: '000201…',
      location: 'pix.example.com/qr/9d36',
    });
  });

  it('creates a charge by POST /cob when no txid is given, the debtor by alphanumeric CNPJ', async () => {
    const ports = psp();
    ports.httpHandler = () => jsonResponse(201, { txid: 'gerado', status: 'ATIVA' });
    await run(ports, {
      operation: 'cob_create',
      chave: 'loja@example.com',
      valor: 37,
      expiracao: 600,
      devedor_documento: '12.ABC.345/01DE-35',
      devedor_nome: 'Empresa de Serviços SA',
    });
    expect(ports.httpCalls[0]!.method).toBe('POST');
    expect(ports.httpCalls[0]!.url).toBe('https://pix.psp.example/api/v2/cob');
    expect(body(ports)).toMatchObject({
      calendario: { expiracao: 600 },
      devedor: { cnpj: '12ABC34501DE35', nome: 'Empresa de Serviços SA' },
      valor: { original: '37.00' },
    });
  });

  it('refuses before any call a debtor document that is neither CPF nor CNPJ, and a bad txid', async () => {
    const ports = psp();
    await expect(
      run(ports, {
        operation: 'cob_create',
        chave: 'loja@example.com',
        valor: '10,00',
        devedor_documento: '123.456.789-00',
        devedor_nome: 'Fulano',
      }),
    ).rejects.toThrow('CPF ou CNPJ do devedor: "123.456.789-00" não é um CPF nem um CNPJ válido.');
    await expect(run(ports, { operation: 'cob_get', cob_txid: 'curto' })).rejects.toThrow(
      'txid: use de 26 a 35 letras e números',
    );
    expect(ports.httpCalls).toHaveLength(0);
  });

  it("says the API's problem in pt-BR naming the field (RFC 7807 violacoes)", async () => {
    const ports = psp();
    ports.httpHandler = () =>
      jsonResponse(400, {
        type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
        title: 'Cobrança inválida.',
        status: 400,
        detail:
          'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.',
        violacoes: [
          {
            razao: 'O campo cob.valor.original não respeita o _schema_.',
            propriedade: 'cob.valor.original',
          },
        ],
      });
    await expect(
      run(ports, { operation: 'cob_create', chave: 'loja@example.com', valor: '10' }),
    ).rejects.toThrow(
      'A API Pix recusou a chamada (status 400): Cobrança inválida. A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada. — campo cob.valor.original: O campo cob.valor.original não respeita o _schema_.',
    );
  });

  it('gets a charge and a received Pix by their ids', async () => {
    const ports = psp();
    ports.httpHandler = (request) =>
      jsonResponse(
        200,
        request.url.includes('/cob/')
          ? { txid, status: 'CONCLUIDA' }
          : { endToEndId: e2eid, valor: '100.00' },
      );
    const cob = await run(ports, { operation: 'cob_get', cob_txid: txid });
    const pix = await run(ports, { operation: 'pix_get', e2eid });
    expect(ports.httpCalls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET https://pix.psp.example/api/v2/cob/${txid}`,
      `GET https://pix.psp.example/api/v2/pix/${e2eid}`,
    ]);
    expect(cob.emitted[0]!.msg.payload).toEqual({ txid, status: 'CONCLUIDA' });
    expect(pix.emitted[0]!.msg.payload).toEqual({ endToEndId: e2eid, valor: '100.00' });
  });

  it('cancels a charge by PATCH with the status REMOVIDA_PELO_USUARIO_RECEBEDOR', async () => {
    const ports = psp();
    ports.httpHandler = () =>
      jsonResponse(200, { txid, revisao: 1, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    const { emitted } = await run(ports, { operation: 'cob_cancel', cob_txid: txid });
    expect(ports.httpCalls[0]!.method).toBe('PATCH');
    expect(ports.httpCalls[0]!.url).toBe(`https://pix.psp.example/api/v2/cob/${txid}`);
    expect(body(ports)).toEqual({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect(emitted[0]!.msg.payload).toMatchObject({ revisao: 1 });
  });

  it('lists received Pix of a period page by page until quantidadeDePaginas', async () => {
    const ports = psp();
    ports.httpHandler = (request) => {
      const page = Number(new URL(request.url).searchParams.get('paginacao.paginaAtual'));
      return jsonResponse(200, {
        parametros: {
          inicio: '2026-12-01T00:00:00-03:00',
          fim: '2026-12-01T23:59:00-03:00',
          paginacao: {
            paginaAtual: page,
            itensPorPagina: 100,
            quantidadeDePaginas: 3,
            quantidadeTotalDeItens: 5,
          },
        },
        pix:
          page < 2
            ? [
                { p: page, i: 0 },
                { p: page, i: 1 },
              ]
            : [{ p: 2, i: 0 }],
      });
    };
    const { emitted } = await run(ports, {
      operation: 'pix_list',
      inicio: '01/12/2026',
      fim: '01/12/2026 23:59',
      return_all: true,
    });
    expect(ports.httpCalls).toHaveLength(3);
    const first = new URL(ports.httpCalls[0]!.url);
    expect(first.pathname).toBe('/api/v2/pix');
    expect(first.searchParams.get('inicio')).toBe('2026-12-01T00:00:00-03:00');
    expect(first.searchParams.get('fim')).toBe('2026-12-01T23:59:00-03:00');
    expect(emitted[0]!.msg.payload).toHaveLength(5);
  });

  it("stops a charges' listing at 'Limite'", async () => {
    const ports = psp();
    ports.httpHandler = () =>
      jsonResponse(200, {
        parametros: {
          paginacao: {
            paginaAtual: 0,
            itensPorPagina: 2,
            quantidadeDePaginas: 9,
            quantidadeTotalDeItens: 18,
          },
        },
        cobs: [{ txid: 'a' }, { txid: 'b' }],
      });
    const { emitted } = await run(ports, {
      operation: 'cob_list',
      inicio: '2026-12-01T00:00:00Z',
      fim: '2026-12-02T00:00:00Z',
      limit: 2,
    });
    expect(ports.httpCalls).toHaveLength(1);
    expect(new URL(ports.httpCalls[0]!.url).searchParams.get('paginacao.itensPorPagina')).toBe('2');
    expect(emitted[0]!.msg.payload).toEqual([{ txid: 'a' }, { txid: 'b' }]);
  });

  it('asks a refund by PUT with its own id and the amount', async () => {
    const ports = psp();
    ports.httpHandler = () =>
      jsonResponse(201, { id: 'D1', valor: '7.89', status: 'EM_PROCESSAMENTO' });
    const { emitted } = await run(ports, {
      operation: 'pix_refund',
      e2eid,
      devolucao_id: 'D1',
      valor: '7,89',
      devolucao_descricao: 'Produto esgotado',
    });
    expect(ports.httpCalls[0]!.method).toBe('PUT');
    expect(ports.httpCalls[0]!.url).toBe(
      `https://pix.psp.example/api/v2/pix/${e2eid}/devolucao/D1`,
    );
    expect(body(ports)).toEqual({ valor: '7.89', descricao: 'Produto esgotado' });
    expect(emitted[0]!.msg.payload).toMatchObject({ status: 'EM_PROCESSAMENTO' });
  });
});
