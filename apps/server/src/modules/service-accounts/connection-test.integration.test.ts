import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { useTestApp, type Requester } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.serviceAccounts;
const basic = `Basic ${Buffer.from('loja:senha-basic').toString('base64')}`;

describeEachDriver('service accounts: testing the connection', (driver) => {
  const t = useTestApp(driver, { httpAllowedNetworks: ['127.0.0.2/32'] });
  let server: Server;
  let base = '';
  const received: IncomingMessage[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(request);
      const auth = request.headers.authorization;
      if (request.url === '/quebrado') response.statusCode = 500;
      else if (auth !== 'Bearer tok-certo' && auth !== basic) response.statusCode = 401;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
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

  it('really calls the url with the credential and keeps the outcome with its time', async () => {
    const api = t.request((await t.createAccount()).token);
    const good = await create(api, 'bearer_token', { token: 'tok-certo', url: `${base}/ok` });
    const before = t.clock.now().toISOString();
    const res = await api.post(`/api/v1/service-accounts/${good}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      message: m.testOk(200),
      checked_at: expect.any(String),
    });
    expect(res.json().checked_at >= before).toBe(true);
    expect(received.at(-1)?.headers.authorization).toBe('Bearer tok-certo');
    expect((await api.get(`/api/v1/service-accounts/${good}`)).json().health).toEqual(res.json());

    const basicId = await create(api, 'http_basic', {
      url: `${base}/ok`,
      username: 'loja',
      password: 'senha-basic',
    });
    expect((await api.post(`/api/v1/service-accounts/${basicId}/test`)).json().status).toBe('ok');
    expect(received.at(-1)?.headers.authorization).toBe(basic);
  });

  it('says why a test failed: refused credential, server error, no url, blocked address', async () => {
    const api = t.request((await t.createAccount()).token);
    const cases: [Record<string, unknown>, string][] = [
      [{ token: 'tok-errado', url: `${base}/ok` }, m.testRefused(401)],
      [{ token: 'tok-certo', url: `${base}/quebrado` }, m.testFailedStatus(500)],
      [{ token: 'tok-certo', domains: 'api.exemplo.com.br' }, m.testUrlRequired],
    ];
    for (const [sub, message] of cases) {
      const id = await create(api, 'bearer_token', sub);
      const res = await api.post(`/api/v1/service-accounts/${id}/test`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'failed', message });
      expect((await api.get(`/api/v1/service-accounts/${id}`)).json().health.status).toBe('failed');
    }

    const seen = received.length;
    const blockedUrl = base.replace('127.0.0.2', '127.0.0.1');
    const blocked = await create(api, 'bearer_token', {
      token: 'tok-certo',
      url: `${blockedUrl}/ok`,
    });
    const res = await api.post(`/api/v1/service-accounts/${blocked}/test`);
    expect(res.json().status).toBe('failed');
    expect(res.json().message).toMatch(/^Endereço bloqueado pela proteção de rede: 127.0.0.1 /);
    expect(res.body).not.toContain('tok-certo');
    expect(received.length).toBe(seen);
  });

  it('answers the token type at once', async () => {
    const api = t.request((await t.createAccount()).token);
    const token = await create(api, 'ponte_token', {});
    expect((await api.post(`/api/v1/service-accounts/${token}/test`)).json()).toMatchObject({
      status: 'ok',
      message: m.testTokenActive,
    });
  });
});
