import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HookDelivery } from '../kit/define-connector-trigger';
import type { ServiceAccount } from '../../ports';
import { blingTrigger } from './bling.trigger';

// Deliveries as Bling documents them (https://developer.bling.com.br/webhooks): the JSON
// `{eventId, date, version, event, companyId, data}` and the 'Validação do hash' signature,
// `X-Bling-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app's client secret>`.
const hook = blingTrigger.serviceHook!;
const account: ServiceAccount = {
  _id: 'bling',
  name: 'Bling da loja',
  type: 'oauth2',
  data: {
    service_type: 'bling_erp_oauth2',
    client_id: 'cliente-bling',
    client_secret: 'segredo-do-app-bling',
    access_token: 'token',
  },
};

const order = {
  eventId: '01945027-150e-72b4-e5ab-7a8e0f7e8d4a',
  date: '2026-11-29T10:15:30Z',
  version: 'v1',
  event: 'order.created',
  companyId: 'd4475854366a36c86a37e792f9634a51',
  data: {
    id: 12345678,
    data: '2026-11-29',
    numero: 123,
    numeroLoja: 'Loja_123',
    total: 150.75,
    contato: { id: 12345678 },
    situacao: { id: 6, valor: 1 },
  },
};

const sign = (body: string, secret = 'segredo-do-app-bling') =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

function delivery(body: string, signature: string | null = sign(body)): HookDelivery {
  return {
    method: 'POST',
    headers: signature === null ? {} : { 'x-bling-signature-256': signature },
    query: {},
    rawBody: Buffer.from(body),
    receivedAt: new Date('2026-11-29T10:15:31Z'),
  };
}

describe('svc_bling_trigger', () => {
  it("accepts a delivery signed with the app's client secret and refuses others", () => {
    const body = JSON.stringify(order);
    expect(hook.verify(delivery(body), account)).toBe(true);
    expect(hook.verify(delivery(`${body} `, sign(body)), account)).toBe(false);
    expect(hook.verify(delivery(body, sign(body, 'outro-segredo')), account)).toBe(false);
    expect(hook.verify(delivery(body, sign(body).slice('sha256='.length)), account)).toBe(false);
    expect(hook.verify(delivery(body, null), account)).toBe(false);
    const without = { ...account, data: { ...account.data, client_secret: '' } };
    expect(hook.verify(delivery(body), without)).toBe(
      'A conta "Bling da loja" não tem o segredo do cliente (client secret) do aplicativo do Bling para conferir a assinatura.',
    );
    const other = { ...account, name: 'Outro', data: { ...account.data, service_type: 'custom' } };
    expect(hook.verify(delivery(body), other)).toBe(
      'A conta "Outro" é OAuth2 de outro serviço: o gatilho do Bling usa uma conta OAuth2 com o serviço "Bling ERP".',
    );
  });

  it('gives one event per delivery: its data with event and date, keyed by eventId', () => {
    expect(hook.events(order, account, {})).toEqual([
      {
        event: 'order.created',
        key: '01945027-150e-72b4-e5ab-7a8e0f7e8d4a',
        payload: { ...order.data, event: 'order.created', date: '2026-11-29T10:15:30Z' },
      },
    ]);
    const stock = {
      ...order,
      eventId: 'e2',
      event: 'stock.updated',
      data: { produto: { id: 1 }, deposito: { id: 2, saldoFisico: 10, saldoVirtual: 8 } },
    };
    expect(hook.events(stock, account, {})[0]).toMatchObject({
      event: 'stock.updated',
      key: 'e2',
      payload: { produto: { id: 1 }, deposito: { saldoFisico: 10 } },
    });
    // An event 'Eventos' does not name still starts a flow listening to all of them.
    const consumer = { ...order, eventId: 'e3', event: 'consumer_invoice.created' };
    expect(hook.events(consumer, account, {})[0]!.event).toBe('consumer_invoice.created');
    expect(hook.events({ ...order, eventId: undefined }, account, {})[0]).not.toHaveProperty('key');
    for (const body of [null, [], 'texto', { data: {} }, { ...order, event: 'Pedido criado' }])
      expect(hook.events(body, account, {}), JSON.stringify(body)).toEqual([]);
  });

  it("offers Bling's events in 'Eventos' and keeps only one company's when 'Empresa' is set", () => {
    expect(blingTrigger.manifest.params.events).toMatchObject({
      options: [
        { value: 'all', label: 'Todos' },
        { value: 'order.created', label: 'Pedido de venda criado' },
        { value: 'order.updated', label: 'Pedido de venda alterado' },
        { value: 'order.deleted', label: 'Pedido de venda excluído' },
        { value: 'product.created', label: 'Produto criado' },
        { value: 'product.updated', label: 'Produto alterado' },
        { value: 'product.deleted', label: 'Produto excluído' },
        { value: 'stock.updated', label: 'Estoque alterado' },
        { value: 'invoice.created', label: 'Nota fiscal criada' },
        { value: 'invoice.updated', label: 'Nota fiscal alterada' },
      ],
    });
    expect(blingTrigger.manifest).not.toHaveProperty('registersHook');
    expect(blingTrigger.manifest.description).toContain('aba "Webhooks" do seu aplicativo');
    expect(hook.events(order, account, { company_id: 'outra-empresa' })).toEqual([]);
    expect(hook.events(order, account, { company_id: order.companyId })).toHaveLength(1);
  });
});
