import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of Sankhya Om's API gateway for the services Ponte uses, written from Sankhya's
 * reference (login: https://developer.sankhya.com.br/reference/post_login-1; loadRecords:
 * https://developer.sankhya.com.br/reference/get_loadrecords): `POST /login` with the `token`,
 * `appkey`, `username` and `password` headers answers `{bearerToken}`; then
 * `POST /gateway/v1/mge/service.sbr?serviceName=<serviço>&outputType=json` with
 * `Authorization: Bearer <token>` and `{serviceName, requestBody}` answers
 * `{serviceName, status, responseBody}`, a business error being HTTP 200 with `status: '0'` and
 * `statusMessage`. loadRecords pages `pageSize` records per `offsetPage` with `hasMoreResult`.
 * Entity known: Parceiro (CODPARC, NOMEPARC, CGC_CPF). `expireSessions()` ends every session (the
 * gateway then answers 401); `limitNextCall()` makes the next gateway call a 429.
 */
interface DataSet {
  rootEntity?: string;
  offsetPage?: string;
  entity?: { fieldset?: { list?: string } };
  dataRow?: {
    localFields?: Record<string, { $?: string }>;
    key?: Record<string, { $?: string }>;
  };
}

/** A gateway call's body: `{serviceName, requestBody}`. */
export interface GatewayBody {
  serviceName?: string;
  requestBody?: { dataSet?: DataSet; sql?: string };
}

export interface SankhyaStandIn {
  url: string;
  /** Every login (its headers) and every gateway call (service, bearer, body). */
  logins: Record<string, string | undefined>[];
  calls: { service: string; bearer: string; body: GatewayBody }[];
  expireSessions(): void;
  limitNextCall(): void;
  close(): Promise<void>;
}

interface Credentials {
  token: string;
  appkey: string;
  username: string;
  password: string;
}

const pageSize = 3;

export async function startSankhyaStandIn(
  host: string,
  credentials: Credentials,
  partners = 7,
): Promise<SankhyaStandIn> {
  const logins: SankhyaStandIn['logins'] = [];
  const calls: SankhyaStandIn['calls'] = [];
  const sessions = new Set<string>();
  let limited = false;
  const rows: Record<string, string>[] = Array.from({ length: partners }, (_, i) => ({
    CODPARC: String(i + 1),
    NOMEPARC: `PARCEIRO ${i + 1}`,
    CGC_CPF: `1234567800019${i}`,
  }));
  const send = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, serviceName: string, statusMessage: string) =>
    send(response, 200, { serviceName, status: '0', pendingPrinting: 'false', statusMessage });

  function loadRecords(response: ServerResponse, serviceName: string, dataSet: DataSet) {
    if (dataSet.rootEntity !== 'Parceiro') {
      return error(
        response,
        serviceName,
        `Nome de entidade inválido: ${String(dataSet.rootEntity)}`,
      );
    }
    const fields = String(dataSet.entity?.fieldset?.list ?? '')
      .split(',')
      .filter(Boolean);
    const offset = Number(dataSet.offsetPage ?? 0);
    const slice = rows.slice(offset * pageSize, (offset + 1) * pageSize);
    return send(response, 200, {
      serviceName,
      status: '1',
      pendingPrinting: 'false',
      responseBody: {
        entities: {
          total: String(slice.length),
          hasMoreResult: String((offset + 1) * pageSize < rows.length),
          offsetPage: String(offset),
          offset: String(offset * pageSize),
          metadata: { fields: { field: fields.map((name) => ({ name })) } },
          entity: slice.map((row) =>
            Object.fromEntries(
              fields.map((name, i) => [`f${i}`, row[name] ? { $: row[name] } : {}]),
            ),
          ),
        },
      },
    });
  }

  function saveRecord(response: ServerResponse, serviceName: string, dataSet: DataSet) {
    if (dataSet.rootEntity !== 'Parceiro') {
      return error(
        response,
        serviceName,
        `Nome de entidade inválido: ${String(dataSet.rootEntity)}`,
      );
    }
    const values = Object.fromEntries(
      Object.entries((dataSet.dataRow?.localFields ?? {}) as Record<string, { $?: string }>).map(
        ([name, value]) => [name, String(value?.$ ?? '')],
      ),
    );
    const key = dataSet.dataRow?.key?.CODPARC?.$ as string | undefined;
    let row = key ? rows.find((r) => r.CODPARC === key) : undefined;
    if (key && !row) return error(response, serviceName, `Registro não encontrado: CODPARC=${key}`);
    if (!row) {
      if (!values.NOMEPARC)
        return error(response, serviceName, 'Campo obrigatório não informado: NOMEPARC');
      row = { CODPARC: String(rows.length + 1), NOMEPARC: '', CGC_CPF: '' };
      rows.push(row);
    }
    Object.assign(row, values);
    const fields = String(dataSet.entity?.fieldset?.list ?? 'CODPARC').split(',');
    return send(response, 200, {
      serviceName,
      status: '1',
      pendingPrinting: 'false',
      responseBody: {
        entities: {
          total: '1',
          entity: Object.fromEntries(fields.map((name) => [name, { $: row[name] ?? '' }])),
        },
      },
    });
  }

  function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'POST' && url.pathname === '/login') {
      const h = request.headers as Record<string, string | undefined>;
      logins.push({ token: h.token, appkey: h.appkey, username: h.username, password: h.password });
      const ok =
        h.token === credentials.token &&
        h.appkey === credentials.appkey &&
        h.username === credentials.username &&
        h.password === credentials.password;
      if (!ok) {
        return send(response, 401, {
          error: { codigo: 'AUTH-401', descricao: 'Usuário ou senha inválidos.' },
        });
      }
      const bearerToken = randomUUID();
      sessions.add(bearerToken);
      return send(response, 200, { bearerToken, error: null });
    }
    if (request.method !== 'POST' || url.pathname !== '/gateway/v1/mge/service.sbr') {
      return send(response, 404, { error: 'Not Found' });
    }
    const serviceName = url.searchParams.get('serviceName') ?? '';
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const body = (raw ? JSON.parse(raw) : {}) as GatewayBody;
    calls.push({ service: serviceName, bearer, body });
    if (!sessions.has(bearer)) {
      return send(response, 401, { serviceName, status: '3', statusMessage: 'Não autorizado.' });
    }
    if (limited) {
      limited = false;
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      return response.end(JSON.stringify({ error: 'Too Many Requests' }));
    }
    const dataSet = body.requestBody?.dataSet ?? {};
    switch (serviceName) {
      case 'CRUDServiceProvider.loadRecords':
        return loadRecords(response, serviceName, dataSet);
      case 'CRUDServiceProvider.saveRecord':
        return saveRecord(response, serviceName, dataSet);
      case 'DbExplorerSP.executeQuery': {
        const sql = String(body.requestBody?.sql ?? '');
        if (!/^\s*select\b/i.test(sql)) {
          return error(response, serviceName, 'Somente comandos SELECT são permitidos.');
        }
        return send(response, 200, {
          serviceName,
          status: '1',
          pendingPrinting: 'false',
          responseBody: {
            fieldsMetadata: [
              { name: 'CODPARC', description: 'CODPARC', order: 1, userType: 'I' },
              { name: 'NOMEPARC', description: 'NOMEPARC', order: 2, userType: 'S' },
            ],
            rows: rows.map((row) => [Number(row.CODPARC), row.NOMEPARC]),
            burstLimit: false,
          },
        });
      }
      default:
        return error(response, serviceName, `Serviço não encontrado: ${serviceName}`);
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
    url: `http://${host}:${port}`,
    logins,
    calls,
    expireSessions: () => sessions.clear(),
    limitNextCall: () => {
      limited = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
