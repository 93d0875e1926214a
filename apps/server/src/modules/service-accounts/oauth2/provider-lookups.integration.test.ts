import { decodeCallbackData, finishFromCallback } from '../../../test/oauth2-callback';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { defaultOAuthProviders, type OAuthProvidersConfig } from './oauth2.config';
import { useTestApp, type TestAccount } from '../../../test/test-app';
import { describeEachDriver } from '../../../test/test-database';

/**
 * One local HTTP server on 127.0.0.2 standing in for Slack's and Trello's APIs: it checks the
 * credentials it is given and answers as they document.
 */
let server: Server;
let base = '';
const seen: { path: string; query: URLSearchParams; form?: URLSearchParams; auth?: string }[] = [];

async function formOf(request: IncomingMessage) {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return new URLSearchParams(text);
}

function json(body: unknown) {
  return JSON.stringify(body);
}

const trelloOk = (query: URLSearchParams) =>
  query.get('key') === 'trello-key' && query.get('token') === 'trello-token';

async function answer(request: IncomingMessage): Promise<[number, string]> {
  const url = new URL(request.url!, base);
  const form = request.method === 'POST' ? await formOf(request) : undefined;
  seen.push({
    path: url.pathname,
    query: url.searchParams,
    ...(form ? { form } : {}),
    ...(request.headers.authorization ? { auth: request.headers.authorization } : {}),
  });
  const bearer = request.headers.authorization;
  switch (url.pathname) {
    case '/api/oauth.v2.access':
      if (form?.get('client_secret') !== 'slack-secret')
        return [200, json({ ok: false, error: 'invalid_client' })];
      if (form.get('code') !== 'slack-code')
        return [200, json({ ok: false, error: 'invalid_code' })];
      return [200, json({ ok: true, access_token: 'xoxb-token', token_type: 'bot' })];
    case '/api/conversations.list':
      if (bearer !== 'Bearer xoxb-token') return [200, json({ ok: false, error: 'not_authed' })];
      return url.searchParams.get('cursor') === 'page-2'
        ? [
            200,
            json({
              ok: true,
              channels: [{ id: 'C2', name: 'vendas' }],
              response_metadata: { next_cursor: '' },
            }),
          ]
        : [
            200,
            json({
              ok: true,
              channels: [{ id: 'C1', name: 'geral' }],
              response_metadata: { next_cursor: 'page-2' },
            }),
          ];
    case '/1/members/me':
      if (!trelloOk(url.searchParams)) return [401, 'invalid token'];
      return [200, json({ id: 'M1', username: 'pessoa' })];
    case '/1/members/me/boards':
      if (!trelloOk(url.searchParams)) return [401, 'invalid token'];
      return [200, json([{ id: 'B1', name: 'Pedidos' }])];
    case '/1/boards/B1/lists':
      if (!trelloOk(url.searchParams)) return [401, 'invalid token'];
      return [
        200,
        json([
          { id: 'L1', name: 'A fazer' },
          { id: 'L2', name: 'Feito' },
        ]),
      ];
    case '/1/boards/B1/customFields':
      if (!trelloOk(url.searchParams)) return [401, 'invalid token'];
      return [
        200,
        json([
          {
            id: 'F1',
            name: 'Prioridade',
            type: 'list',
            options: [{ id: 'O1', value: { text: 'Alta' } }],
          },
        ]),
      ];
    default:
      return [404, 'not found'];
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void answer(request).then(([status, body]) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  Object.assign(providers, {
    slack: { url: base, client: { clientId: 'slack-id', clientSecret: 'slack-secret' } },
    trello: { url: base, apiUrl: base, apiKey: 'trello-key' },
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Filled once the local server listens (the app is built after this file's beforeAll). */
const providers: OAuthProvidersConfig = structuredClone(defaultOAuthProviders);
const publicUrl = 'http://ponte.exemplo.test';
const decode = decodeCallbackData;

describeEachDriver('Slack and Trello accounts', (driver) => {
  const t = useTestApp(driver, {
    httpAllowedNetworks: ['127.0.0.2/32'],
    publicUrl,
    oauthProviders: providers,
  });

  async function create(owner: TestAccount, type: string) {
    const created = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: `${type} ${Math.random()}`,
      auth_type: type,
      [type]: {},
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json()._id as string;
  }

  it('tells which providers are configured and refuses the others with the reason', async () => {
    const owner = await t.createAccount();
    const answer = await t.request(owner.token).get('/api/v1/service-accounts/oauth2/providers');
    expect(answer.json().providers).toEqual([
      { type: 'trello_oauth2', configured: true, reason: null },
      { type: 'slack_oauth2', configured: true, reason: null },
      {
        type: 'google_oauth2',
        configured: false,
        reason:
          'Precisa de um app OAuth do Google: ao escolher este tipo, o formulário mostra como criá-lo (ou defina PONTE_OAUTH_GOOGLE_CLIENT_ID e PONTE_OAUTH_GOOGLE_CLIENT_SECRET no servidor do Ponte). ' +
          `No app do Google, cadastre ${publicUrl}/account/v1/service-accounts/oauth2/return como URL de redirecionamento.`,
      },
    ]);
    const google = await create(owner, 'google_oauth2');
    const refused = await t
      .request(owner.token)
      .post(`/account/v1/service-accounts/oauth2/authorize/${google}`, {
        service_account_id: google,
      });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'O app OAuth do Google não está configurado: configure-o neste workspace em "Configurar app do Google", no formulário da conta, ou defina PONTE_OAUTH_GOOGLE_CLIENT_ID e PONTE_OAUTH_GOOGLE_CLIENT_SECRET nas variáveis de ambiente do servidor do Ponte.',
    );
  });

  it('authorises a Slack account and lists its channels over every page', async () => {
    const owner = await t.createAccount();
    const id = await create(owner, 'slack_oauth2');
    const authorize = await t
      .request(owner.token)
      .post(`/account/v1/service-accounts/oauth2/authorize/${id}`, {
        service_account_id: id,
        workspace_id: 'outro-workspace',
      });
    expect(authorize.statusCode, authorize.body).toBe(200);
    const url = new URL(authorize.json().authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/oauth/v2/authorize`);
    expect(url.searchParams.get('client_id')).toBe('slack-id');
    const state = url.searchParams.get('state')!;

    const wrongCode = await t.app.inject({
      method: 'GET',
      url: `/account/v1/service-accounts/oauth2/return?code=outro&state=${encodeURIComponent(state)}`,
    });
    const wrong = new URL(wrongCode.headers.location as string);
    const refused = await t
      .request(owner.token)
      .put(`/api/v1/service-accounts/${id}/oauth2/token`, {
        ...decode(wrong.searchParams.get('data')!),
        state: wrong.searchParams.get('state'),
        grant_type: 'authorization_code',
      });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'O provedor OAuth2 recusou o pedido de token: invalid_code',
    );

    const again = new URL(
      (
        await t.request(owner.token).post(`/account/v1/service-accounts/oauth2/authorize/${id}`)
      ).json().authorize_url,
    );
    const returned = await t.app.inject({
      method: 'GET',
      url: `/account/v1/service-accounts/oauth2/return?code=slack-code&state=${encodeURIComponent(again.searchParams.get('state')!)}`,
    });
    const callback = new URL(returned.headers.location as string);
    const finished = await finishFromCallback(t.request(owner.token), id, callback);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.body).not.toContain('xoxb-token');
    expect(seen.findLast((r) => r.path === '/api/oauth.v2.access')!.form!.get('redirect_uri')).toBe(
      `${publicUrl}/account/v1/service-accounts/oauth2/return`,
    );

    const channels = await t
      .request(owner.token)
      .get(`/api/v1/service-accounts/slack/channels/${id}`);
    expect(channels.json()).toEqual({
      items: [
        { id: 'C1', name: 'geral' },
        { id: 'C2', name: 'vendas' },
      ],
      total: 2,
    });
  });

  it('authorises a Trello account with the token of the fragment and reads its boards', async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    const id = await create(owner, 'trello_oauth2');
    const authorize = await t
      .request(owner.token)
      .post(`/account/v1/service-accounts/oauth2/authorize/${id}`, { service_account_id: id });
    const url = new URL(authorize.json().authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/1/authorize`);
    expect(url.searchParams.get('key')).toBe('trello-key');
    expect(url.searchParams.get('callback_method')).toBe('fragment');
    // Trello sends the browser to return_url#token=…; the callback page posts the token.
    const back = new URL(url.searchParams.get('return_url')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${publicUrl}/oauth2/callback`);
    const finished = await t
      .request(owner.token)
      .put(`/api/v1/service-accounts/${id}/oauth2/token`, {
        ...decode(back.searchParams.get('data')!),
        state: back.searchParams.get('state'),
        token: 'trello-token',
        grant_type: 'authorization_code',
      });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().secrets_set).toContain('access_token');

    const api = t.request(owner.token);
    expect((await api.get(`/api/v1/service-accounts/trello/boards/${id}`)).json()).toEqual({
      items: [{ id: 'B1', name: 'Pedidos' }],
      total: 1,
    });
    expect((await api.get(`/api/v1/service-accounts/trello/boards/${id}/lists/B1`)).json()).toEqual(
      {
        items: [
          { id: 'L1', name: 'A fazer' },
          { id: 'L2', name: 'Feito' },
        ],
        total: 2,
      },
    );
    expect(
      (await api.get(`/api/v1/service-accounts/trello/boards/${id}/custom-fields/B1`)).json(),
    ).toEqual({
      items: [
        { id: 'F1', name: 'Prioridade', type: 'list', options: [{ id: 'O1', value: 'Alta' }] },
      ],
      total: 1,
    });
    const tested = await api.post(`/api/v1/service-accounts/${id}/test`);
    expect(tested.json()).toMatchObject({ status: 'ok' });

    const foreign = await t
      .request(stranger.token)
      .get(`/api/v1/service-accounts/trello/boards/${id}`);
    expect(foreign.statusCode).toBe(404);
    const slackId = await create(owner, 'slack_oauth2');
    const wrongType = await api.get(`/api/v1/service-accounts/trello/boards/${slackId}`);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(
      messages.serviceAccountsOauth.lookupWrongType('Trello (OAuth)'),
    );
  });
});
