import { describe, expect, it } from 'vitest';
import { createFakePorts, jsonResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { sankhyaConnector } from './sankhya.connector';

// Answers as Sankhya documents them: https://developer.sankhya.com.br/reference/get_loadrecords
// (loadRecords, offsetPage/hasMoreResult, rows f0…fn named by metadata) and the gateway's
// `status`/`statusMessage` envelope.
const gateway = (service: string) =>
  `https://api.sankhya.com.br/gateway/v1/mge/service.sbr?serviceName=${service}&outputType=json`;

function sankhya() {
  const ports = createFakePorts();
  ports.accounts.erp = {
    _id: 'erp',
    name: 'Sankhya da matriz',
    type: 'sankhya_partner_id',
    // The fake token port answers access_token (the server's source logs in).
    data: { appkey: 'app', token: 'gw', username: 'u', password: 'p', access_token: 'bearer-1' },
  };
  return ports;
}

const sent = (ports: ReturnType<typeof sankhya>, index = 0) =>
  JSON.parse(String(ports.httpCalls[index]!.body)) as {
    serviceName: string;
    requestBody: { dataSet: Record<string, unknown>; sql?: string };
  };

const page = (offset: number, more: boolean) => ({
  serviceName: 'CRUDServiceProvider.loadRecords',
  status: '1',
  pendingPrinting: 'false',
  responseBody: {
    entities: {
      total: '2',
      hasMoreResult: String(more),
      offsetPage: String(offset),
      metadata: { fields: { field: [{ name: 'CODPARC' }, { name: 'NOMEPARC' }] } },
      entity: [
        { f0: { $: `${offset}1` }, f1: { $: `Parceiro ${offset}a` } },
        { f0: { $: `${offset}2` }, f1: {} },
      ],
    },
  },
});

describe('svc_sankhya', () => {
  it('loads records with the bearer token, follows offsetPage while hasMoreResult, names the fields', async () => {
    const ports = sankhya();
    ports.httpHandler = (request) => {
      const offset = Number(
        (JSON.parse(String(request.body)) as { requestBody: { dataSet: { offsetPage: string } } })
          .requestBody.dataSet.offsetPage,
      );
      return jsonResponse(200, page(offset, offset < 2));
    };
    const { emitted } = await runNode(sankhyaConnector, {
      ports,
      params: {
        service_account: 'erp',
        operation: 'buscar',
        entidade: 'Parceiro',
        campos: 'CODPARC, NOMEPARC',
        criterio: "NOMEPARC LIKE 'P%'",
        return_all: true,
      },
    });
    expect(ports.httpCalls.map((call) => call.url)).toEqual(
      Array(3).fill(gateway('CRUDServiceProvider.loadRecords')),
    );
    expect(ports.httpCalls[0]!.headers?.authorization).toBe('Bearer bearer-1');
    expect(sent(ports)).toEqual({
      serviceName: 'CRUDServiceProvider.loadRecords',
      requestBody: {
        dataSet: {
          rootEntity: 'Parceiro',
          includePresentationFields: 'N',
          offsetPage: '0',
          criteria: { expression: { $: "NOMEPARC LIKE 'P%'" } },
          entity: { fieldset: { list: 'CODPARC,NOMEPARC' } },
        },
      },
    });
    expect(ports.httpCalls.map((_, i) => sent(ports, i).requestBody.dataSet.offsetPage)).toEqual([
      '0',
      '1',
      '2',
    ]);
    const payload = emitted[0]!.msg.payload as unknown[];
    expect(payload).toHaveLength(6);
    expect(payload.slice(0, 2)).toEqual([
      { CODPARC: '01', NOMEPARC: 'Parceiro 0a' },
      { CODPARC: '02', NOMEPARC: null },
    ]);
  });

  it('saves a record by its key and gives the saved record', async () => {
    const ports = sankhya();
    ports.httpHandler = () =>
      jsonResponse(200, {
        serviceName: 'CRUDServiceProvider.saveRecord',
        status: '1',
        responseBody: {
          entities: { entity: { CODPARC: { $: '42' }, NOMEPARC: { $: 'Padaria Pão Quente' } } },
        },
      });
    const { emitted } = await runNode(sankhyaConnector, {
      ports,
      params: {
        service_account: 'erp',
        operation: 'salvar',
        entidade: 'Parceiro',
        campos: 'CODPARC,NOMEPARC',
        valores: '{"NOMEPARC": "Padaria Pão Quente", "ATIVO": "S"}',
        chave: { CODPARC: 42 },
      },
    });
    expect(sent(ports).requestBody.dataSet).toEqual({
      rootEntity: 'Parceiro',
      includePresentationFields: 'N',
      dataRow: {
        localFields: { NOMEPARC: { $: 'Padaria Pão Quente' }, ATIVO: { $: 'S' } },
        key: { CODPARC: { $: '42' } },
      },
      entity: { fieldset: { list: 'CODPARC,NOMEPARC' } },
    });
    expect(emitted[0]!.msg.payload).toEqual({ CODPARC: '42', NOMEPARC: 'Padaria Pão Quente' });
  });

  it('runs a query and gives its rows as objects', async () => {
    const ports = sankhya();
    ports.httpHandler = () =>
      jsonResponse(200, {
        serviceName: 'DbExplorerSP.executeQuery',
        status: '1',
        responseBody: {
          fieldsMetadata: [
            { name: 'CODPROD', description: 'CODPROD', order: 1, userType: 'I' },
            { name: 'DESCRPROD', description: 'DESCRPROD', order: 2, userType: 'S' },
          ],
          rows: [
            [1, 'QUEIJO'],
            [2, 'PÃO'],
          ],
          burstLimit: false,
        },
      });
    const { emitted } = await runNode(sankhyaConnector, {
      ports,
      params: {
        service_account: 'erp',
        operation: 'consultar',
        sql: 'SELECT CODPROD, DESCRPROD\nFROM TGFPRO',
      },
    });
    expect(ports.httpCalls[0]!.url).toBe(gateway('DbExplorerSP.executeQuery'));
    expect(sent(ports).requestBody).toEqual({ sql: 'SELECT CODPROD, DESCRPROD FROM TGFPRO' });
    expect(emitted[0]!.msg.payload).toEqual([
      { CODPROD: 1, DESCRPROD: 'QUEIJO' },
      { CODPROD: 2, DESCRPROD: 'PÃO' },
    ]);
  });

  it("fails with Sankhya's message when it answers an error with HTTP 200", async () => {
    const ports = sankhya();
    ports.httpHandler = () =>
      jsonResponse(200, {
        serviceName: 'CRUDServiceProvider.loadRecords',
        status: '0',
        pendingPrinting: 'false',
        statusMessage: 'Entidade não encontrada: Parceiros',
      });
    const error = (await runNode(sankhyaConnector, {
      ports,
      params: { service_account: 'erp', operation: 'buscar', entidade: 'Parceiros', campos: 'X' },
    }).catch((failure: Error) => failure)) as Error & { details?: unknown };
    expect(error.message).toBe('A Sankhya recusou a chamada: Entidade não encontrada: Parceiros');
    expect(error.details).toMatchObject({ status: 200 });
  });

  it('logs in again after a 401 and waits after a 429', async () => {
    const ports = sankhya();
    const times: number[] = [];
    ports.httpHandler = (request) => {
      times.push(ports.time);
      if (request.headers?.authorization === 'Bearer bearer-1') {
        return jsonResponse(401, { status: '3', statusMessage: 'Não autorizado.' });
      }
      if (times.length === 2) return jsonResponse(429, {});
      return jsonResponse(200, {
        status: '1',
        responseBody: { fieldsMetadata: [{ name: 'N' }], rows: [[1]] },
      });
    };
    const { emitted } = await runNode(sankhyaConnector, {
      ports,
      params: { service_account: 'erp', operation: 'consultar', sql: 'SELECT 1 N FROM DUAL' },
    });
    expect(emitted[0]!.msg.payload).toEqual([{ N: 1 }]);
    expect(ports.tokenRequests).toEqual([
      { id: 'erp', force: false },
      { id: 'erp', force: true },
    ]);
    expect(ports.httpCalls.map((call) => call.headers?.authorization)).toEqual([
      'Bearer bearer-1',
      'Bearer bearer-1-renovado',
      'Bearer bearer-1-renovado',
    ]);
    expect(times[2]! - times[1]!).toBe(1_000);
  });
});
