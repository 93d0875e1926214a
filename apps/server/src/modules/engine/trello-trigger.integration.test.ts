import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeData } from '@ponte/shared/execution-data.schema';
import { messages } from '@ponte/shared/messages';
import { decodeCallbackData } from '../../test/oauth2-callback';
import { chain, createFlow, executionsOf, finished } from '../../test/flow-fixtures';
import { startTrelloStandIn, type TrelloStandIn } from '../../test/stand-ins/trello-api';
import { useTestApp, type TestAccount } from '../../test/test-app';
import {
  defaultOAuthProviders,
  type OAuthProvidersConfig,
} from '../service-accounts/oauth2/oauth2.config';

// Trello is never reached: a stand-in of its webhooks
// (https://developer.atlassian.com/cloud/trello/rest/api-group-webhooks/ and
// https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/) answers on 127.0.0.9,
// opened to the network guard. The public address is https (not on loopback, so the stand-in
// takes its HEAD check as answered); deliveries are posted to the app itself as Trello posts
// them, signed in `X-Trello-Webhook` with the Power-Up's secret (PONTE_OAUTH_TRELLO_API_SECRET).
const apiKey = 'chave-do-power-up';
const apiSecret = 'segredo-do-power-up';
const token = 'token-do-membro';
const board = '5f1a2b3c4d5e6f7a8b9c0d1e';
const publicUrl = 'https://ponte.exemplo.com.br';
let trello: TrelloStandIn;
const providers: OAuthProvidersConfig = structuredClone(defaultOAuthProviders);
beforeAll(async () => {
  trello = await startTrelloStandIn('127.0.0.9', apiKey, token);
  providers.trello = { ...providers.trello, apiKey, apiSecret };
});
afterAll(() => trello.close());

describe('the Trello trigger, registered with POST /1/webhooks when its flow is enabled', () => {
  const t = useTestApp('embedded', {
    httpAllowedNetworks: ['127.0.0.9/32'],
    oauthProviders: providers,
    publicUrl,
  });

  /** A flow 'Trello (gatilho)' → log, on an account authorised as the callback page does. */
  async function boardFlow(owner: TestAccount) {
    const api = t.request(owner.token);
    const created = await api.post('/api/v1/service-accounts', {
      name: `Trello ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'trello_oauth2',
      trello_oauth2: { api_url: trello.url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    const authorize = await api.post(`/account/v1/service-accounts/oauth2/authorize/${id}`, {
      service_account_id: id,
    });
    const back = new URL(new URL(authorize.json().authorize_url).searchParams.get('return_url')!);
    const authorised = await api.put(`/api/v1/service-accounts/${id}/oauth2/token`, {
      ...decodeCallbackData(back.searchParams.get('data')!),
      state: back.searchParams.get('state'),
      token,
      grant_type: 'authorization_code',
    });
    expect(authorised.statusCode, authorised.body).toBe(200);
    const data = chain(
      {
        type: 'svc_trello_trigger',
        uid: 'entrada',
        params: { service_account: id, events: 'moveCard', board },
      },
      { type: 'core_log', params: { label: 'Ação', message: '{{ msg.event }}' } },
    );
    return createFlow(t, owner, data, false);
  }

  const deliver = (flowId: string, body: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: `/engine/hooks/${flowId}/entrada`,
      headers: {
        'content-type': 'application/json',
        'x-trello-webhook': createHmac('sha1', secret)
          .update(body + `${publicUrl}/engine/hooks/${flowId}/entrada`)
          .digest('base64'),
      },
      payload: body,
    });

  it('registers a webhook for the board, runs each signed move once, and deletes it when disabled', async () => {
    const owner = await t.createAccount();
    const flowId = await boardFlow(owner);
    const api = t.request(owner.token);
    const address = `${publicUrl}/engine/hooks/${flowId}/entrada`;
    expect(
      (await t.app.inject({ method: 'HEAD', url: `/engine/hooks/${flowId}/entrada` })).statusCode,
    ).toBe(404);
    const enabled = await api.put(`/api/v1/flows/${flowId}`, { enabled: true });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const [webhook, ...others] = [...trello.webhooks.values()].filter(
      (one) => one.callbackURL === address,
    );
    expect(others).toEqual([]);
    expect(webhook).toMatchObject({ idModel: board, callbackURL: address });
    const head = await t.app.inject({ method: 'HEAD', url: `/engine/hooks/${flowId}/entrada` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');

    const action = {
      id: '6a1b2c3d4e5f6a7b8c9d0e1f',
      idMemberCreator: 'm1',
      type: 'updateCard',
      date: '2026-11-29T10:00:00.000Z',
      data: {
        card: { id: 'c1', name: 'Pedido 42' },
        listBefore: { id: 'L1', name: 'A fazer' },
        listAfter: { id: 'L2', name: 'Feito' },
        board: { id: board, name: 'Pedidos' },
      },
      memberCreator: { id: 'm1', fullName: 'Ana Souza', username: 'ana' },
    };
    const body = JSON.stringify({ action, model: { id: board, name: 'Pedidos' } });
    expect((await deliver(flowId, body, 'outro-segredo')).statusCode).toBe(401);
    const accepted = await deliver(flowId, body, apiSecret);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().execution_ids).toHaveLength(1);
    // Trello delivers again when the answer fails: the same action id starts nothing.
    expect((await deliver(flowId, body, apiSecret)).json()).toEqual({ execution_ids: [] });
    const [execution] = await finished(t, flowId);
    expect(execution!.status).toBe('success');
    expect(await executionsOf(t, flowId)).toHaveLength(1);
    const node = (
      await api.get(`/api/v1/monitoring/executions/${execution!.id}/data/entrada`)
    ).json() as NodeData;
    expect(node.runs[0]!.outputs[0]!.msg).toMatchObject({
      event: 'moveCard',
      payload: {
        id: action.id,
        type: 'updateCard',
        date: action.date,
        data: action.data,
        memberCreator: action.memberCreator,
      },
    });

    const disabled = await api.put(`/api/v1/flows/${flowId}`, { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(trello.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/1/webhooks/${webhook!.id}`,
      key: apiKey,
      token,
    });
    expect(trello.webhooks.has(webhook!.id)).toBe(false);
    expect((await deliver(flowId, body, apiSecret)).statusCode).toBe(404);
  });

  it("refuses to enable the flow with Trello's reason when the webhook is refused", async () => {
    const owner = await t.createAccount();
    const flowId = await boardFlow(owner);
    const api = t.request(owner.token);
    const before = trello.webhooks.size;
    trello.refuseNextWebhook('invalid value for idModel');
    const refused = await api.put(`/api/v1/flows/${flowId}`, { enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'hook_registration_failed',
      message: messages.flows.hookRegistrationFailed(
        'entrada',
        'O Trello recusou a chamada: o valor de "Quadro" não é válido (invalid value for idModel).',
      ),
    });
    expect((await api.get(`/api/v1/flows/${flowId}`)).json().enabled).toBe(false);
    expect(trello.webhooks.size).toBe(before);
  });
});
