import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { flows } from '../../db/schema';
import { chain, createFlow } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

/** POST /pedido → Responder webhook with `body`. */
const answering = (body: string) =>
  chain(
    {
      type: 'core_webhook_trigger',
      params: { method: 'POST', path: 'pedido', response: 'respond_node' },
    },
    { type: 'core_respond_webhook', params: { status: 200, headers: [], body } },
  );

describeEachDriver('{{ … }} in what a webhook answers', (driver) => {
  const t = useTestApp(driver, { webhookTimeoutMs: 5_000 });
  const call = (flowId: string) =>
    t.app.inject({ method: 'POST', url: `/engine/webhook/${flowId}/pedido`, payload: { qtd: 3 } });

  it('evaluates an expression that holds }} itself', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      answering('Itens: {{ {"pedido": {"qtd": msg.payload.qtd}}.pedido.qtd }} ({{ "}}" }})'),
    );
    const res = await call(flowId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('Itens: 3 (}})');
  });

  it('refuses to enable a flow whose expression cannot be read, saying why in pt-BR', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const data = answering('Itens: {{ $substring("abc" x) }}');
    const refused = await api.post('/api/v1/flows', { name: 'Pedido', enabled: true, data });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toContainEqual({
      field: 'n1',
      message:
        'O conector "Responder webhook": o parâmetro "Corpo" tem uma expressão que não pode ser lida: ' +
        'S0202: Esperava ")", mas encontrou "x" (posição 18)',
    });
    // Saved as a draft, the flow keeps the text.
    expect(
      (await api.post('/api/v1/flows', { name: 'Pedido', enabled: false, data })).statusCode,
    ).toBe(201);
  });

  it('answers the caller of a flow enabled with such an expression 502, never 500', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      answering('Itens: {{ $substring("abc" x) }}'),
      false,
    );
    // Enabled before expressions were checked when saved.
    await t.database.db.update(flows).set({ enabled: true }).where(eq(flows.id, flowId));
    const restart = await t.request(account.token).get('/engine/stop-execution/restart');
    expect(restart.statusCode, restart.body).toBeLessThan(300);
    const res = await call(flowId);
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toEqual({
      statusCode: 502,
      code: 'invalid_expression',
      message:
        'Expressão inválida no parâmetro "body": S0202: Esperava ")", mas encontrou "x" (posição 18)',
    });
  });
});
