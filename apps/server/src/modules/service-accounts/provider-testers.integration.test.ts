import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import aws4 from 'aws4';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { defaultServiceProviders, type ServiceProvidersConfig } from './service-accounts.config';
import { useTestApp, type Requester } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.serviceAccounts;

/** The keys the stand-in STS knows: access key id → secret. */
const awsKeys: Record<string, string> = { AKIALOJA: 'segredo-aws-certo' };
const arn = 'arn:aws:iam::123456789012:user/loja';
const omieCompany = 'Loja Exemplo LTDA';
const sankhyaBearer = 'bearer-da-sankhya-123';

/** What each stand-in provider received, in order. */
const received: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];

const stsError = (code: string) =>
  `<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>${code}</Code><Message>recusado</Message></Error><RequestId>r-1</RequestId></ErrorResponse>`;

/** STS: recomputes the SigV4 signature with aws4 from what arrived and the known secret. */
function sts(request: IncomingMessage, body: string, response: ServerResponse) {
  const authorization = request.headers.authorization ?? '';
  const parts =
    /Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=/.exec(
      authorization,
    );
  const secret = parts ? awsKeys[parts[1]!] : undefined;
  response.setHeader('content-type', 'text/xml');
  response.statusCode = 403;
  if (!parts || secret === undefined) return response.end(stsError('InvalidClientTokenId'));
  const headers: Record<string, string> = {};
  for (const name of parts[4]!.split(';')) headers[name] = String(request.headers[name] ?? '');
  const expected = aws4.sign(
    {
      method: request.method,
      host: headers.host,
      path: request.url,
      headers,
      body,
      region: parts[2]!,
      service: parts[3]!,
    },
    { accessKeyId: parts[1]!, secretAccessKey: secret },
  );
  const valid =
    expected.headers?.Authorization === authorization &&
    authorization.includes('/us-east-1/sts/aws4_request') &&
    body === 'Action=GetCallerIdentity&Version=2011-06-15';
  if (!valid) return response.end(stsError('SignatureDoesNotMatch'));
  response.statusCode = 200;
  response.end(
    `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>${arn}</Arn><UserId>AIDA1</UserId><Account>123456789012</Account></GetCallerIdentityResult></GetCallerIdentityResponse>`,
  );
}

/** Omie's JSON-RPC: faults as JSON with faultstring (this one echoes the secret it got). */
function omie(body: string, response: ServerResponse) {
  const call = JSON.parse(body) as { call: string; app_key: string; app_secret: string };
  response.setHeader('content-type', 'application/json');
  if (call.call === 'ListarEmpresas' && call.app_secret === 'segredo-omie-certo') {
    response.end(JSON.stringify({ pagina: 1, empresas_cadastro: [{ razao_social: omieCompany }] }));
    return;
  }
  response.statusCode = 500;
  response.end(
    JSON.stringify({
      faultstring: `ERROR: A chave de acesso não é válida! (recebido ${call.app_secret})`,
      faultcode: 'SOAP-ENV:Client-5113',
    }),
  );
}

/** Sankhya's login: headers token, appkey, username and password. */
function sankhya(request: IncomingMessage, response: ServerResponse) {
  const h = request.headers;
  response.setHeader('content-type', 'application/json');
  if (h.token === 'token-sankhya' && h.appkey === 'app-sankhya' && h.password === 'senha-certa') {
    return response.end(JSON.stringify({ bearerToken: sankhyaBearer, error: null }));
  }
  response.statusCode = 401;
  response.end(
    JSON.stringify({ error: { codigo: 'AUTH', descricao: `Usuário ou senha inválidos.` } }),
  );
}

let server: Server;
const providers: ServiceProvidersConfig = { ...defaultServiceProviders };
/** The same providers at 127.0.0.1, which the guard does not open. */
const blockedProviders: ServiceProvidersConfig = { ...defaultServiceProviders };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body });
      if (path === '/aws/') return sts(request, body, response);
      if (path === '/omie/api/v1/geral/empresas/') return omie(body, response);
      if (path === '/sankhya/login') return sankhya(request, response);
      response.statusCode = 404;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  Object.assign(providers, {
    awsStsUrl: `${base}/aws`,
    omieUrl: `${base}/omie`,
    sankhyaUrl: `${base}/sankhya`,
  });
  const blocked = base.replace('127.0.0.2', '127.0.0.1');
  Object.assign(blockedProviders, {
    awsStsUrl: `${blocked}/aws`,
    omieUrl: `${blocked}/omie`,
    sankhyaUrl: `${blocked}/sankhya`,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let created = 0;
const create = async (api: Requester, type: string, sub: Record<string, unknown>) => {
  const res = await api.post('/api/v1/service-accounts', {
    name: `${type} ${++created}`,
    auth_type: type,
    [type]: sub,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
};

const accounts = {
  aws: (secret: string, id = 'AKIALOJA') => ({ access_key_id: id, secret_access_key: secret }),
  omie: (secret: string) => ({ app_key: 'chave-omie', app_secret: secret }),
  sankhya: (password: string) => ({
    appkey: 'app-sankhya',
    token: 'token-sankhya',
    username: 'loja',
    password,
  }),
};

describeEachDriver('service accounts: testing AWS, Omie and Sankhya', (driver) => {
  const t = useTestApp(driver, {
    httpAllowedNetworks: ['127.0.0.2/32'],
    serviceProviders: providers,
  });

  /** Tests the account and checks the answer, the stored health and that no secret leaks. */
  async function test(api: Requester, id: string, secrets: string[]) {
    const res = await api.post(`/api/v1/service-accounts/${id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await api.get(`/api/v1/service-accounts/${id}`);
    expect(stored.json().health).toEqual(res.json());
    for (const secret of secrets) expect(res.body + stored.body).not.toContain(secret);
    return res.json() as { status: string; message: string };
  }

  it('signs STS GetCallerIdentity with SigV4 and names the identity; a wrong key fails', async () => {
    const api = t.request((await t.createAccount()).token);
    const good = await create(api, 'aws_access_key', accounts.aws('segredo-aws-certo'));
    expect(await test(api, good, ['segredo-aws-certo'])).toMatchObject({
      status: 'ok',
      message: m.awsTestOk(arn),
    });
    const call = received.at(-1)!;
    expect(call.path).toBe('/aws/');
    expect(call.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIALOJA\//);

    const wrongSecret = await create(api, 'aws_access_key', accounts.aws('segredo-aws-errado'));
    expect(await test(api, wrongSecret, ['segredo-aws-errado'])).toEqual({
      status: 'failed',
      message: m.awsBadSignature,
      checked_at: expect.any(String),
    });
    const unknownKey = await create(api, 'aws_access_key', accounts.aws('x-y-z', 'AKIAOUTRA'));
    expect(await test(api, unknownKey, ['x-y-z'])).toMatchObject({
      status: 'failed',
      message: m.awsUnknownKey,
    });
  });

  it('calls Omie ListarEmpresas and quotes a fault without the secret', async () => {
    const api = t.request((await t.createAccount()).token);
    const good = await create(api, 'omie_erp', accounts.omie('segredo-omie-certo'));
    expect(await test(api, good, ['segredo-omie-certo'])).toMatchObject({
      status: 'ok',
      message: m.omieTestOk(omieCompany),
    });
    expect(JSON.parse(received.at(-1)!.body)).toEqual({
      call: 'ListarEmpresas',
      app_key: 'chave-omie',
      app_secret: 'segredo-omie-certo',
      param: [{ pagina: 1, registros_por_pagina: 1, apenas_importado_api: 'N' }],
    });

    const wrong = await create(api, 'omie_erp', accounts.omie('segredo-omie-errado'));
    expect(await test(api, wrong, ['segredo-omie-errado'])).toMatchObject({
      status: 'failed',
      message: m.omieFault('ERROR: A chave de acesso não é válida! (recebido ***)'),
    });
  });

  it('logs in at Sankhya with the four headers; a wrong password says why', async () => {
    const api = t.request((await t.createAccount()).token);
    const good = await create(api, 'sankhya_partner_id', accounts.sankhya('senha-certa'));
    expect(await test(api, good, ['senha-certa', 'token-sankhya', sankhyaBearer])).toMatchObject({
      status: 'ok',
      message: m.sankhyaTestOk,
    });
    expect(received.at(-1)!.headers).toMatchObject({
      token: 'token-sankhya',
      appkey: 'app-sankhya',
      username: 'loja',
      password: 'senha-certa',
    });

    const wrong = await create(api, 'sankhya_partner_id', accounts.sankhya('senha-errada'));
    expect(await test(api, wrong, ['senha-errada', 'token-sankhya'])).toMatchObject({
      status: 'failed',
      message: m.sankhyaRefused('Usuário ou senha inválidos.'),
    });
  });

  it('says the three types are testable', async () => {
    const api = t.request((await t.createAccount()).token);
    await create(api, 'aws_access_key', accounts.aws('s'));
    await create(api, 'omie_erp', accounts.omie('s'));
    await create(api, 'sankhya_partner_id', accounts.sankhya('s'));
    const listed = (await api.get('/api/v1/service-accounts?limit=1000')).json() as {
      items: { auth_type: string; testable: boolean }[];
    };
    expect(Object.fromEntries(listed.items.map((i) => [i.auth_type, i.testable]))).toEqual({
      aws_access_key: true,
      omie_erp: true,
      sankhya_partner_id: true,
    });
  });
});

describeEachDriver('service accounts: provider testers behind the network guard', (driver) => {
  const t = useTestApp(driver, {
    httpAllowedNetworks: ['127.0.0.2/32'],
    serviceProviders: blockedProviders,
  });

  it('refuses a provider at a blocked address before any request', async () => {
    const api = t.request((await t.createAccount()).token);
    const ids = [
      await create(api, 'aws_access_key', accounts.aws('segredo-aws-certo')),
      await create(api, 'omie_erp', accounts.omie('segredo-omie-certo')),
      await create(api, 'sankhya_partner_id', accounts.sankhya('senha-certa')),
    ];
    const seen = received.length;
    for (const id of ids) {
      const res = await api.post(`/api/v1/service-accounts/${id}/test`);
      expect(res.json().status).toBe('failed');
      expect(res.json().message).toMatch(/^Endereço bloqueado pela proteção de rede: 127.0.0.1 /);
    }
    expect(received.length).toBe(seen);
  });
});
