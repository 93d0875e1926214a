import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HookDelivery } from '../kit/define-connector-trigger';
import type { ServiceAccount } from '../../ports';
import { createFakePorts, jsonResponse, textResponse } from '../../testing/fake-ports';
import { trelloTrigger } from './trello.trigger';

// Calls, deliveries and signatures as Trello documents them:
// https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/ (the action payload and
// `X-Trello-Webhook` = base64(HMAC-SHA1(app secret, body + callbackURL))) and
// https://developer.atlassian.com/cloud/trello/rest/api-group-webhooks/ (POST, DELETE).
const hook = trelloTrigger.serviceHook!;
const subscriptions = trelloTrigger.hookSubscriptions!;
const account: ServiceAccount = {
  _id: 'quadro',
  name: 'Trello da equipe',
  type: 'trello_oauth2',
  data: { access_token: 'token-membro', api_key: 'chave-app' },
};
const address = 'https://ponte.exemplo.com.br/engine/hooks/f1/entrada';
const appSecret = 'segredo-do-app';

const signed = (body: string, secret = appSecret, url = address) =>
  createHmac('sha1', secret)
    .update(body + url)
    .digest('base64');

const delivery = (body: string, headers: Record<string, string>): HookDelivery => ({
  method: 'POST',
  headers,
  query: {},
  rawBody: Buffer.from(body),
  receivedAt: new Date(),
});

function request(params: Record<string, unknown>) {
  const ports = createFakePorts();
  ports.accounts.quadro = account;
  const scope = { workspaceId: 'w', flowId: 'f1', executionId: '' };
  const signal = new AbortController().signal;
  return {
    ports,
    request: { accountId: 'quadro', params, address, secret: 's', ports, scope, signal },
  };
}

const action = (type: string, data: Record<string, unknown>) => ({
  id: `A-${type}`,
  idMemberCreator: 'M1',
  type,
  date: '2026-11-29T10:00:00.000Z',
  data,
  memberCreator: { id: 'M1', fullName: 'Ana Souza', username: 'ana' },
});

describe('svc_trello_trigger', () => {
  it("accepts a delivery only with Trello's signature of body and address with the app's secret", () => {
    const body = JSON.stringify({ action: action('createCard', {}), model: { id: 'B1' } });
    const registration = { secret: 'x', address, appSecret };
    const at = (signature: string) => delivery(body, { 'x-trello-webhook': signature });
    expect(hook.verify(at(signed(body)), account, registration)).toBe(true);
    expect(hook.verify(at(signed(body, 'outro')), account, registration)).toBe(false);
    expect(hook.verify(at(signed(body, appSecret, 'https://outro/x')), account, registration)).toBe(
      false,
    );
    expect(hook.verify(at(signed(`${body} `)), account, registration)).toBe(false);
    expect(hook.verify(delivery(body, {}), account, registration)).toBe(false);
    expect(hook.verify(at(signed(body)), account, { address })).toMatch(
      /segredo do app do Trello não está definido/,
    );
    expect(hook.verify(at(signed(body)), account, { appSecret })).toMatch(/não está registrado/);
  });

  it('names each action by its type, a change of list as a move, keyed by the action id', () => {
    const created = action('createCard', { card: { id: 'C1', name: 'Pedido 42' } });
    expect(hook.events({ action: created, model: { id: 'B1' } }, account, {})).toEqual([
      {
        event: 'createCard',
        key: 'A-createCard',
        payload: {
          id: created.id,
          type: 'createCard',
          date: created.date,
          data: created.data,
          memberCreator: created.memberCreator,
        },
      },
    ]);
    const moved = action('updateCard', {
      card: { id: 'C1' },
      listBefore: { id: 'L1', name: 'A fazer' },
      listAfter: { id: 'L2', name: 'Feito' },
    });
    const [move] = hook.events({ action: moved }, account, {});
    expect(move).toMatchObject({ event: 'moveCard', payload: { type: 'updateCard' } });
    const renamed = action('updateCard', { card: { id: 'C1' }, old: { name: 'x' } });
    expect(hook.events({ action: renamed }, account, {})[0]!.event).toBe('updateCard');
    expect(hook.events({ action: action('commentCard', {}) }, account, {})[0]!.event).toBe(
      'commentCard',
    );
    expect(hook.events({ action: action('addMemberToCard', {}) }, account, {})[0]!.event).toBe(
      'addMemberToCard',
    );
    expect(hook.events({ action: action('updateList', {}) }, account, {})).toEqual([]);
    expect(trelloTrigger.manifest.params.events).toMatchObject({
      options: expect.arrayContaining([{ value: 'moveCard', label: 'Cartão movido' }]),
    });
  });

  it('registers the address for the chosen board with POST /1/webhooks and keeps its id', async () => {
    const { ports, request: r } = request({ board: 'B1' });
    ports.httpHandler = () => jsonResponse(200, { id: 'W1', idModel: 'B1', active: true });
    expect(await subscriptions.subscribe(r)).toBe('W1');
    const call = ports.httpCalls[0]!;
    expect(call.method).toBe('POST');
    const url = new URL(call.url);
    expect(url.origin + url.pathname).toBe('https://api.trello.com/1/webhooks');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      callbackURL: address,
      idModel: 'B1',
      description: 'Ponte: gatilho do flow',
    });
    expect(call.headers?.authorization).toContain('oauth_token="token-membro"');
  });

  it("says Trello's refusal of the webhook, and removes it with DELETE /1/webhooks/{id}", async () => {
    const { ports, request: r } = request({ board: 'B1' });
    ports.httpHandler = () =>
      textResponse(400, `URL (${address}) did not return 200 status code, got 404`);
    await expect(subscriptions.subscribe(r)).rejects.toThrow(
      `O Trello recusou a chamada: o endereço do gatilho não respondeu à verificação do Trello; o Ponte precisa ser acessível pela internet no endereço público (PONTE_PUBLIC_URL) (URL (${address}) did not return 200 status code, got 404).`,
    );
    ports.httpHandler = () => jsonResponse(200, { _value: null });
    await subscriptions.unsubscribe(r, 'W1');
    expect(ports.httpCalls.at(-1)!.method).toBe('DELETE');
    expect(ports.httpCalls.at(-1)!.url).toBe('https://api.trello.com/1/webhooks/W1');
  });
});
