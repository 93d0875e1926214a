import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import { decodeCallbackData } from '../../test/oauth2-callback';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { startTrelloStandIn, type TrelloStandIn } from '../../test/stand-ins/trello-api';
import { useTestApp, type TestAccount } from '../../test/test-app';
import {
  defaultOAuthProviders,
  type OAuthProvidersConfig,
} from '../service-accounts/oauth2/oauth2.config';

// Trello is never reached: a stand-in of its documented REST contract
// (https://developer.atlassian.com/cloud/trello/rest/) answers on 127.0.0.9, opened to the
// network guard; the installation's Power-Up key is `chave-do-power-up`.
const apiKey = 'chave-do-power-up';
const token = 'token-do-membro';
const card = '5f1a2b3c4d5e6f7a8b9c0d20';
let trello: TrelloStandIn;
const providers: OAuthProvidersConfig = structuredClone(defaultOAuthProviders);
beforeAll(async () => {
  trello = await startTrelloStandIn('127.0.0.9', apiKey, token);
  providers.trello = { ...providers.trello, apiKey };
});
afterAll(() => trello.close());

describe('the Trello connector, through an authorised Trello account', () => {
  const t = useTestApp('embedded', {
    httpAllowedNetworks: ['127.0.0.9/32'],
    oauthProviders: providers,
  });

  /** A Trello account whose 'URL da API' is the stand-in, authorised as the callback page does. */
  async function trelloAccount(owner: TestAccount) {
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
    const finished = await api.put(`/api/v1/service-accounts/${id}/oauth2/token`, {
      ...decodeCallbackData(back.searchParams.get('data')!),
      state: back.searchParams.get('state'),
      token,
      grant_type: 'authorization_code',
    });
    expect(finished.statusCode, finished.body).toBe(200);
    return id;
  }

  /** Saves manual trigger → Trello with these params, runs it, and gives the node's run. */
  async function run(owner: TestAccount, params: Record<string, unknown>) {
    const flowId = await createFlow(
      t,
      owner,
      chain({ type: 'core_manual_trigger' }, { type: 'svc_trello', uid: 'trello', params }),
    );
    const started = await t.request(owner.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(started.statusCode, started.body).toBe(200);
    const [execution] = await finished(t, flowId);
    const api = t.request(owner.token);
    const data = (
      await api.get(`/api/v1/monitoring/executions/${execution!.id}/data`)
    ).json() as ExecutionData;
    const node = (
      await api.get(`/api/v1/monitoring/executions/${execution!.id}/data/trello`)
    ).json() as NodeData;
    return {
      execution: execution!,
      summary: data.nodes.find((n) => n.node_uid === 'trello'),
      run: node.runs[0],
    };
  }

  it('creates a card with the key kept at authorisation and the token in the OAuth header', async () => {
    const owner = await t.createAccount();
    const id = await trelloAccount(owner);
    const { execution, run: created } = await run(owner, {
      service_account: id,
      operation: 'create_card',
      board: 'B1',
      list: 'L1',
      name: 'Pedido 42',
      due: '10/03/2026',
    });
    expect(execution.status).toBe('success');
    expect(trello.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/1/cards',
      query: { idList: 'L1', name: 'Pedido 42', due: '2026-03-10T15:00:00.000Z' },
      key: apiKey,
      token,
    });
    expect(created!.outputs[0]!.msg).toMatchObject({
      payload: { idList: 'L1', name: 'Pedido 42', due: '2026-03-10T15:00:00.000Z' },
    });
  });

  it('sets a list custom field with its option id and waits out a 429', async () => {
    const owner = await t.createAccount();
    const id = await trelloAccount(owner);
    const limitedCard = '5f1a2b3c4d5e6f7a8b9c0429';
    const before = trello.calls.length;
    const { execution } = await run(owner, {
      service_account: id,
      operation: 'set_custom_field',
      card_id: limitedCard,
      custom_field: '5f1a2b3c4d5e6f7a8b9c0f01',
      custom_field_type: 'list',
      custom_field_value: '5f1a2b3c4d5e6f7a8b9c0e01',
    });
    expect(execution.status).toBe('success');
    const calls = trello.calls.slice(before);
    expect(calls.map((call) => call.path)).toEqual([
      `/1/cards/${limitedCard}/customField/5f1a2b3c4d5e6f7a8b9c0f01/item`,
      `/1/cards/${limitedCard}/customField/5f1a2b3c4d5e6f7a8b9c0f01/item`,
    ]);
    expect(calls[1]).toMatchObject({
      method: 'PUT',
      body: { idValue: '5f1a2b3c4d5e6f7a8b9c0e01' },
    });
  });

  it("says Trello's refusal in pt-BR, naming the field", async () => {
    const owner = await t.createAccount();
    const id = await trelloAccount(owner);
    const { execution, summary } = await run(owner, {
      service_account: id,
      operation: 'move_card',
      card_id: card,
      list: 'L9',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toBe(
      'O Trello recusou a chamada: o valor de "Lista" não é válido (invalid value for idList).',
    );
  });
});
