import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { serviceAccountInUseSchema } from '@ponte/shared/service-accounts.schema';
import { chain, createFlow } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const httpStep = (serviceAccount: string) => ({
  type: 'core_http_request',
  params: { method: 'GET', url: 'https://api.exemplo.com.br', service_account: serviceAccount },
});

describeEachDriver('service accounts: the flows that use them', (driver) => {
  const t = useTestApp(driver);

  it('counts the flows that use an account and asks again before removing it', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const create = async (name: string) => {
      const res = await api.post('/api/v1/service-accounts', {
        name,
        auth_type: 'bearer_token',
        bearer_token: { token: 'tok', url: 'https://api.exemplo.com.br' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()._id as string;
    };
    const used = await create('Usada');
    const unused = await create('Sem uso');
    const trigger = { type: 'core_manual_trigger' };
    const first = await createFlow(t, owner, chain(trigger, httpStep(used)));
    await api.put(`/api/v1/flows/${first}`, { name: 'Pedidos' });
    const second = await createFlow(t, owner, chain(trigger, httpStep(used), httpStep(used)));
    await api.put(`/api/v1/flows/${second}`, { name: 'Clientes' });
    await createFlow(t, owner, chain(trigger));

    // Another workspace's flow naming the id counts for nobody here.
    const stranger = await t.createAccount();
    await createFlow(t, stranger, chain(trigger, httpStep(used)));

    const list = (await api.get('/api/v1/service-accounts')).json();
    const counts = Object.fromEntries(
      list.items.map((item: { name: string; flows_count: number }) => [
        item.name,
        item.flows_count,
      ]),
    );
    expect(counts).toEqual({ Usada: 2, 'Sem uso': 0 });
    expect((await api.get(`/api/v1/service-accounts/${used}`)).json().flows_count).toBe(2);

    const refused = await api.delete(`/api/v1/service-accounts/${used}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      statusCode: 409,
      code: 'service_account_in_use',
      message: messages.serviceAccounts.inUse('Clientes, Pedidos'),
      details: {
        flows: [
          { _id: second, name: 'Clientes' },
          { _id: first, name: 'Pedidos' },
        ],
      },
    });
    expect(serviceAccountInUseSchema.parse(refused.json().details).flows).toHaveLength(2);
    expect((await api.get(`/api/v1/service-accounts/${used}`)).statusCode).toBe(200);

    expect((await api.delete(`/api/v1/service-accounts/${unused}`)).statusCode).toBe(204);
    expect((await api.delete(`/api/v1/service-accounts/${used}?confirm=true`)).statusCode).toBe(
      204,
    );
    expect((await api.get(`/api/v1/service-accounts/${used}`)).statusCode).toBe(404);
  });
});
