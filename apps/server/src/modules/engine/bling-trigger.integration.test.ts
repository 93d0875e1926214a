import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NodeData } from '@ponte/shared/execution-data.schema';
import { messages } from '@ponte/shared/messages';
import { chain, createFlow, executionsOf, finished } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';

// Bling's webhooks (https://developer.bling.com.br/webhooks) are set up by a person in the app's
// 'Webhooks' tab, so Ponte makes no call to Bling here: the test posts deliveries to the app as
// Bling posts them, `{eventId, date, version, event, companyId, data}` signed in
// `X-Bling-Signature-256: sha256=<hex HMAC-SHA256 of the body with the app's client secret>`
// (the page's 'Validação do hash').
const clientSecret = 'segredo-do-app-bling';
const sign = (body: string, secret = clientSecret) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('the Bling trigger, with the address pasted in the Bling app', () => {
  const t = useTestApp('embedded');

  async function blingFlow(owner: TestAccount) {
    const account = await t.request(owner.token).post('/api/v1/service-accounts', {
      name: `Bling ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'oauth2',
      oauth2: {
        service_type: 'bling_erp_oauth2',
        client_id: 'cliente-bling',
        client_secret: clientSecret,
        grant_type: 'authorization_code',
        access_token: 'token-de-acesso-bling',
      },
    });
    expect(account.statusCode, account.body).toBe(201);
    const data = chain(
      {
        type: 'svc_bling_trigger',
        uid: 'entrada',
        params: { service_account: account.json()._id, events: 'order.created' },
      },
      { type: 'core_log', params: { label: 'Pedido', message: '{{ msg.payload.numero }}' } },
    );
    return createFlow(t, owner, data);
  }

  it('starts one execution per signed order, none for a redelivery, and refuses a bad signature', async () => {
    const owner = await t.createAccount();
    const flowId = await blingFlow(owner);
    const deliver = (body: string, signature = sign(body)) =>
      t.app.inject({
        method: 'POST',
        url: `/engine/hooks/${flowId}/entrada`,
        headers: { 'content-type': 'application/json', 'x-bling-signature-256': signature },
        payload: body,
      });
    const order = JSON.stringify({
      eventId: '01945027-150e-72b4-e5ab-7a8e0f7e8d4a',
      date: '2026-11-29T10:15:30Z',
      version: 'v1',
      event: 'order.created',
      companyId: 'd4475854366a36c86a37e792f9634a51',
      data: { id: 12345678, numero: 123, total: 150.75, situacao: { id: 6, valor: 1 } },
    });

    const bad = await deliver(order, sign(order, 'outro-segredo'));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(messages.engine.hookSignatureInvalid);
    const product = JSON.stringify({
      eventId: 'evento-produto',
      date: '2026-11-29T10:16:00Z',
      version: 'v1',
      event: 'product.updated',
      companyId: 'd4475854366a36c86a37e792f9634a51',
      data: { id: 1, nome: 'Caneta' },
    });
    // 'Eventos' is 'Pedido de venda criado': a product change starts nothing.
    expect((await deliver(product)).json()).toEqual({ execution_ids: [] });

    const accepted = await deliver(order);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().execution_ids).toHaveLength(1);
    // Bling sends an event again when the answer fails: the same eventId starts nothing.
    const again = await deliver(order);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ execution_ids: [] });

    const [execution] = await finished(t, flowId);
    expect(execution!.status).toBe('success');
    expect(await executionsOf(t, flowId)).toHaveLength(1);
    const node = (
      await t
        .request(owner.token)
        .get(`/api/v1/monitoring/executions/${execution!.id}/data/entrada`)
    ).json() as NodeData;
    expect(node.runs[0]!.outputs[0]!.msg).toMatchObject({
      event: 'order.created',
      payload: {
        id: 12345678,
        numero: 123,
        total: 150.75,
        event: 'order.created',
        date: '2026-11-29T10:15:30Z',
      },
    });
  });
});
