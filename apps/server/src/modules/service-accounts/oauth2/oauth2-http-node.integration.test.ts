import { finishFromCallback } from '../../../test/oauth2-callback';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chain, createFlow } from '../../../test/flow-fixtures';
import { useTestApp } from '../../../test/test-app';
import { describeEachDriver } from '../../../test/test-database';

/** A real OAuth2 authorisation server and an API that takes only the newest token it issued. */
const authServer = new OAuth2Server();
let authBase = '';
let api: Server;
let apiUrl = '';
const issued: string[] = [];
const grants: string[] = [];
const bearersSeen: string[] = [];

beforeAll(async () => {
  await authServer.issuer.keys.generate('RS256');
  await authServer.start(0, '127.0.0.2');
  authBase = `http://127.0.0.2:${authServer.address().port}`;
  // Every token different, even two in the same second.
  authServer.service.on('beforeTokenSigning', (token) => {
    token.payload.jti = randomUUID();
  });
  authServer.service.on('beforeResponse', (response, req) => {
    const body = response.body as { access_token?: string };
    if (body.access_token) issued.push(body.access_token);
    grants.push((req.body as Record<string, string>).grant_type!);
  });
  api = createServer((request, response) => {
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    bearersSeen.push(bearer);
    const current = bearer !== '' && bearer === issued.at(-1);
    response
      .writeHead(current ? 200 : 401, { 'content-type': 'application/json' })
      .end(JSON.stringify(current ? { pedidos: 3 } : { erro: 'token expirado' }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.2', resolve));
  apiUrl = `http://127.0.0.2:${(api.address() as AddressInfo).port}/pedidos`;
});

afterAll(async () => {
  await authServer.stop();
  await new Promise((resolve) => api.close(resolve));
});

describeEachDriver('HTTP Request node with an OAuth2 account', (driver) => {
  const t = useTestApp(driver, {
    httpAllowedNetworks: ['127.0.0.2/32'],
    publicUrl: 'http://ponte.exemplo.test',
    webhookTimeoutMs: 20_000,
  });

  it('renews the token once after a 401 and retries the request', async () => {
    const owner = await t.createAccount();
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: 'API de pedidos',
      auth_type: 'oauth2',
      oauth2: {
        service_type: 'custom',
        authorize_url: `${authBase}/authorize`,
        token_url: `${authBase}/token`,
        client_id: 'cliente-ponte',
        client_secret: 'segredo-do-cliente-123',
        grant_type: 'authorization_code',
      },
    });
    const id = created.json()._id as string;

    // The person authorises: consent at the server, back through Ponte, token stored.
    const authorize = await t
      .request(owner.token)
      .get(`/api/v1/service-accounts/${id}/oauth2/authorize/`);
    const consent = await fetch(authorize.json().authorization_url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const returned = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    const callback = new URL(returned.headers.location as string);
    const finished = await finishFromCallback(t.request(owner.token), id, callback);
    expect(finished.statusCode, finished.body).toBe(200);
    const stored = issued.at(-1)!;

    // The API has moved on: it takes only a newer token than the one stored.
    issued.push('um-token-mais-novo-de-outra-sessao');
    grants.length = 0;
    bearersSeen.length = 0;

    const flowId = await createFlow(
      t,
      owner,
      chain(
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path: 'pedidos', response: 'last_node' },
        },
        { type: 'core_http_request', params: { method: 'GET', url: apiUrl, service_account: id } },
      ),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/engine/webhook/${flowId}/pedidos`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).toContain('"pedidos":3');
    expect(grants).toEqual(['refresh_token']);
    expect(bearersSeen).toEqual([stored, issued.at(-1)]);
    expect(res.body).not.toContain(stored);
  });
});
