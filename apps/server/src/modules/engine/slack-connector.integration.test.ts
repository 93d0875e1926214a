import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeData } from '@ponte/shared/execution-data.schema';
import { messages } from '@ponte/shared/messages';
import { finishFromCallback } from '../../test/oauth2-callback';
import {
  chain,
  createFlow,
  executionsOf,
  finished,
  runAfterManualTrigger,
} from '../../test/flow-fixtures';
import { startSlackStandIn, type SlackStandIn } from '../../test/stand-ins/slack-web-api';
import { useTestApp, type TestAccount } from '../../test/test-app';
import {
  defaultOAuthProviders,
  type OAuthProvidersConfig,
} from '../service-accounts/oauth2/oauth2.config';

// Slack is never reached: a stand-in of its documented Web API (https://api.slack.com/methods)
// answers on 127.0.0.8, opened to the network guard, as the OAuth provider too. Deliveries to the
// trigger are signed as Slack signs them
// (https://api.slack.com/authentication/verifying-requests-from-slack).
const token = 'xoxb-token-do-bot';
const signingSecret = '8f742231b10e8888abcd99yyyzzz85a5';
let slack: SlackStandIn;
/** Filled once the stand-in listens (the app is built after this file's beforeAll). */
const providers: OAuthProvidersConfig = structuredClone(defaultOAuthProviders);
beforeAll(async () => {
  slack = await startSlackStandIn('127.0.0.8', token);
  Object.assign(providers, {
    slack: { url: slack.url, client: { clientId: 'slack-id', clientSecret: 'slack-secret' } },
  });
});
afterAll(() => slack.close());

const sign = (body: string, timestamp: number, secret = signingSecret) =>
  `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;

describe('the Slack connector and trigger, through an authorised Slack account', () => {
  const t = useTestApp('embedded', {
    httpAllowedNetworks: ['127.0.0.8/32'],
    oauthProviders: providers,
  });

  /** A Slack account authorised at the stand-in, its 'URL da API' the stand-in's. */
  async function slackAccount(owner: TestAccount) {
    const api = t.request(owner.token);
    const created = await api.post('/api/v1/service-accounts', {
      name: `Slack ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'slack_oauth2',
      slack_oauth2: { signing_secret: signingSecret, api_url: `${slack.url}/api` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    const authorize = await api.post(`/account/v1/service-accounts/oauth2/authorize/${id}`);
    const state = new URL(authorize.json().authorize_url).searchParams.get('state')!;
    const returned = await t.app.inject({
      method: 'GET',
      url: `/account/v1/service-accounts/oauth2/return?code=slack-code&state=${encodeURIComponent(state)}`,
    });
    const finishedAuth = await finishFromCallback(
      api,
      id,
      new URL(returned.headers.location as string),
    );
    expect(finishedAuth.statusCode, finishedAuth.body).toBe(200);
    return id;
  }

  const run = (account: TestAccount, params: Record<string, unknown>) =>
    runAfterManualTrigger(t, account, { type: 'svc_slack', uid: 'sl', params });

  it('posts a message with blocks and uploads a file to a channel with the bot token', async () => {
    const owner = await t.createAccount();
    const id = await slackAccount(owner);
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Pedido 12* pago' } }];
    const posted = await run(owner, {
      service_account: id,
      operation: 'post',
      channel: 'C1',
      text: 'Pedido 12 pago',
      blocks: JSON.stringify(blocks),
    });
    expect(posted.execution.status).toBe('success');
    expect(slack.calls.at(-1)).toEqual({
      path: '/api/chat.postMessage',
      authorization: `Bearer ${token}`,
      contentType: 'application/json; charset=utf-8',
      body: { channel: 'C1', text: 'Pedido 12 pago', blocks },
    });
    expect(posted.run!.outputs[0]!.msg).toMatchObject({
      payload: { ok: true, channel: 'C1', ts: expect.stringMatching(/\.000100$/) },
    });

    const uploaded = await run(owner, {
      service_account: id,
      operation: 'upload',
      channel: 'C1',
      filename: 'vendas.csv',
      content: 'dia,total\nseg,10\n',
      title: 'Vendas',
    });
    expect(uploaded.execution.status).toBe('success');
    expect(slack.calls.slice(-3).map((call) => call.path)).toEqual([
      '/api/files.getUploadURLExternal',
      expect.stringMatching(/^\/upload\/v1\/F\d+$/),
      '/api/files.completeUploadExternal',
    ]);
    const fileId = /F\d+$/.exec(slack.calls.at(-2)!.path)![0];
    expect(slack.uploads.get(fileId)).toBe('dia,total\nseg,10\n');
    expect(uploaded.run!.outputs[0]!.msg).toMatchObject({
      payload: { ok: true, files: [{ id: fileId, title: 'Vendas', channels: ['C1'] }] },
    });
  });

  it("says Slack's refusal in pt-BR naming the field and waits out a 429", async () => {
    const owner = await t.createAccount();
    const id = await slackAccount(owner);
    const refused = await run(owner, {
      service_account: id,
      operation: 'post',
      channel: 'C404',
      text: 'Oi',
    });
    expect(refused.execution.status).toBe('error');
    expect(refused.summary?.error?.message).toBe(
      'O Slack recusou a chamada: o canal do campo "Canal" não existe ou o app não o vê (para um canal privado, convide o app).',
    );
    const before = slack.calls.length;
    const limited = await run(owner, {
      service_account: id,
      operation: 'reply',
      channel: 'C429',
      thread_ts: '1764000001.000100',
      text: 'Oi',
    });
    expect(limited.execution.status).toBe('success');
    expect(slack.calls.length - before).toBe(2);
    expect(slack.calls.at(-1)!.body).toMatchObject({ thread_ts: '1764000001.000100' });
  });

  it('answers the signed url_verification, starts one execution per message and refuses a bad signature', async () => {
    const owner = await t.createAccount();
    const id = await slackAccount(owner);
    const flowId = await createFlow(
      t,
      owner,
      chain({
        type: 'svc_slack_trigger',
        uid: 'entrada',
        params: { service_account: id, events: 'message', channel: 'C1' },
      }),
    );
    const deliver = (body: string, signature?: string) => {
      const now = Math.floor(Date.now() / 1000);
      return t.app.inject({
        method: 'POST',
        url: `/engine/hooks/${flowId}/entrada`,
        headers: {
          'content-type': 'application/json',
          'x-slack-request-timestamp': String(now),
          'x-slack-signature': signature ?? sign(body, now),
        },
        payload: body,
      });
    };
    const challenge = JSON.stringify({
      token: 'Jhj5dZrVaK7ZwHHjRyZWjbDl',
      challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
      type: 'url_verification',
    });
    const confirmed = await deliver(challenge);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toBe('3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P');
    expect((await deliver(challenge, 'v0=00')).statusCode).toBe(401);

    const callback = (event: Record<string, unknown>, eventId: string) =>
      JSON.stringify({
        token: 'XXYYZZ',
        team_id: 'T0001',
        api_app_id: 'A0001',
        type: 'event_callback',
        event_id: eventId,
        event_time: 1_764_000_000,
        event,
      });
    const message = callback(
      { type: 'message', channel: 'C1', user: 'U1', text: 'Chegou o pedido?', ts: '1.2' },
      'Ev01',
    );
    const bad = await deliver(message, sign(message, Math.floor(Date.now() / 1000), 'outro'));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(messages.engine.hookSignatureInvalid);
    const fromBot = callback({ type: 'message', channel: 'C1', bot_id: 'B1', text: 'eco' }, 'Ev02');
    expect((await deliver(fromBot)).json()).toEqual({ execution_ids: [] });
    const otherChannel = callback({ type: 'message', channel: 'C2', text: 'x' }, 'Ev03');
    expect((await deliver(otherChannel)).json()).toEqual({ execution_ids: [] });
    const accepted = await deliver(message);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().execution_ids).toHaveLength(1);
    const [execution] = await finished(t, flowId);
    expect(execution!.status).toBe('success');
    expect(await executionsOf(t, flowId)).toHaveLength(1);
    const node = (
      await t
        .request(owner.token)
        .get(`/api/v1/monitoring/executions/${execution!.id}/data/entrada`)
    ).json() as NodeData;
    expect(node.runs[0]!.outputs[0]!.msg).toMatchObject({
      event: 'message',
      payload: { channel: 'C1', user: 'U1', text: 'Chegou o pedido?', event_id: 'Ev01' },
    });
  });

  it('starts one execution for an event Slack delivers again with X-Slack-Retry-Num', async () => {
    const owner = await t.createAccount();
    const id = await slackAccount(owner);
    const flowId = await createFlow(
      t,
      owner,
      chain({
        type: 'svc_slack_trigger',
        uid: 'entrada',
        params: { service_account: id, events: 'all' },
      }),
    );
    const body = JSON.stringify({
      team_id: 'T0001',
      api_app_id: 'A0001',
      type: 'event_callback',
      event_id: 'EvRetry01',
      event_time: 1_764_000_000,
      event: { type: 'app_mention', channel: 'C1', user: 'U1', text: '<@A0001> oi', ts: '3.4' },
    });
    const deliver = (retry?: string) => {
      const now = Math.floor(Date.now() / 1000);
      return t.app.inject({
        method: 'POST',
        url: `/engine/hooks/${flowId}/entrada`,
        headers: {
          'content-type': 'application/json',
          'x-slack-request-timestamp': String(now),
          'x-slack-signature': sign(body, now),
          ...(retry ? { 'x-slack-retry-num': retry, 'x-slack-retry-reason': 'http_timeout' } : {}),
        },
        payload: body,
      });
    };
    const first = await deliver();
    expect(first.json().execution_ids).toHaveLength(1);
    const retried = await deliver('1');
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ execution_ids: [] });
    await finished(t, flowId);
    expect(await executionsOf(t, flowId)).toHaveLength(1);
  });
});
