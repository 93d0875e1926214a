import { expect, it } from 'vitest';
import {
  alertFiringListSchema,
  alertRuleTestResultSchema,
  type AlertRuleBodyInput,
} from '@ponte/shared/alert-rules.schema';
import { messages } from '@ponte/shared/messages';
import { logs } from '../../db/schema';
import { chain, createFlow, finished, userLogsOf } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.alertRules;

type TestBody = Pick<
  AlertRuleBodyInput,
  'match_log_type' | 'match_log_json_field' | 'match_log_content' | 'flow_id'
>;

describeEachDriver("alert rules' test box and the log watch", (driver) => {
  // The webhook rule below points at 127.0.0.1:9: the guard checks it when the rule is saved.
  const t = useTestApp(driver, { httpAllowedNetworks: ['127.0.0.1/32'] });
  const api = (account: TestAccount) => t.request(account.token);

  let second = 0;
  async function log(
    account: TestAccount,
    flowId: string,
    values: { message: string; label?: string; type?: 'user' | 'debug' | 'internal' },
  ) {
    second += 1;
    await t.database.db.insert(logs).values({
      workspaceId: account.workspaceId,
      flowId,
      executionId: 'exec-1',
      type: values.type ?? 'user',
      label: values.label ?? 'Pedido',
      message: values.message,
      createdAt: new Date(Date.UTC(2026, 10, 24, 12, 0, second)),
    });
  }

  async function test(account: TestAccount, body: TestBody) {
    const res = await api(account).post('/api/v1/alert-rules/test', body);
    expect(res.statusCode, res.body).toBe(200);
    return alertRuleTestResultSchema.parse(res.json());
  }
  const matchedMessages = async (account: TestAccount, body: TestBody) =>
    (await test(account, body)).items.filter((item) => item.matched).map((item) => item.message);

  it('shows which of the newest logs plain text, a regex with flags and a JSON path take', async () => {
    const account = await t.createAccount();
    const other = await t.createAccount();
    const orders = await createFlow(t, account, chain({ type: 'core_manual_trigger' }));
    const billing = await createFlow(t, account, chain({ type: 'core_manual_trigger' }));
    await log(account, orders, { message: 'Gateway TIMEOUT no pedido 7' });
    await log(account, orders, { message: 'pedido 8 FALHOU', label: 'Cobrança' });
    await log(account, billing, { message: '{"pedido":{"status":"falhou","id":9}}' });
    await log(account, billing, { message: 'timeout do depurador', type: 'debug' });
    await log(other, orders, { message: 'timeout de outro workspace' });

    const plain = await test(account, { match_log_content: 'timeout' });
    expect(plain.matched).toBe(1);
    expect(plain.items.map((item) => item.message)).toEqual([
      '{"pedido":{"status":"falhou","id":9}}',
      'pedido 8 FALHOU',
      'Gateway TIMEOUT no pedido 7',
    ]);
    expect(plain.items[2]).toMatchObject({ matched: true, flow_id: orders, type: 'user' });
    expect(plain.items[2]!.flow_name).toBe('Flow de teste');

    expect(
      await matchedMessages(account, { match_log_content: '/^pedido \\d+ falhou$/i' }),
    ).toEqual(['pedido 8 FALHOU']);
    expect(await matchedMessages(account, { match_log_content: '/^pedido \\d+ falhou$/' })).toEqual(
      [],
    );
    expect(
      await matchedMessages(account, { match_log_type: 'label', match_log_content: 'cobran' }),
    ).toEqual(['pedido 8 FALHOU']);
    expect(
      await matchedMessages(account, {
        match_log_type: 'message_json',
        match_log_json_field: 'pedido.status',
        match_log_content: '/^falh(a|ou)$/',
      }),
    ).toEqual(['{"pedido":{"status":"falhou","id":9}}']);
    expect(
      await matchedMessages(account, {
        match_log_type: 'message_json',
        match_log_json_field: 'pedido.id',
        match_log_content: '/^9$/',
      }),
    ).toEqual(['{"pedido":{"status":"falhou","id":9}}']);

    const onlyBilling = await test(account, { match_log_content: 'pedido', flow_id: billing });
    expect(onlyBilling.items.map((item) => item.flow_id)).toEqual([billing]);
    expect(onlyBilling.matched).toBe(1);
    const theirs = await test(other, { match_log_content: 'timeout' });
    expect(theirs.items.map((item) => item.message)).toEqual(['timeout de outro workspace']);
  });

  it('lists at most the newest 100 logs, newest first', async () => {
    const account = await t.createAccount();
    for (let i = 1; i <= 105; i++) await log(account, 'flow-x', { message: `linha ${i}` });
    const result = await test(account, { match_log_content: '/linha [1-5]$/' });
    expect(result.items).toHaveLength(100);
    expect(result.items[0]!.message).toBe('linha 105');
    expect(result.items.at(-1)!.message).toBe('linha 6');
    expect(result.items[0]!.flow_name).toBe('');
    expect(result.matched).toBe(0);
  });

  it('answers 400 with the pt-BR text to an invalid pattern or an empty content', async () => {
    const account = await t.createAccount();
    const refusal = async (body: TestBody) => {
      const res = await api(account).post('/api/v1/alert-rules/test', body);
      expect(res.statusCode).toBe(400);
      return (res.json() as { message: string }).message;
    };
    expect(await refusal({ match_log_content: '/(?=a)/' })).toMatch(
      /^Expressão regular inválida: /,
    );
    expect(await refusal({ match_log_content: '/a/x' })).toBe(m.regexFlagInvalid('x'));
    expect(await refusal({ match_log_content: '' })).toBe(m.contentRequired);
    const theirFlow = await createFlow(
      t,
      await t.createAccount(),
      chain({ type: 'core_manual_trigger' }),
    );
    expect(await refusal({ match_log_content: 'x', flow_id: theirFlow })).toBe(m.flowNotFound);
    expect(await refusal({ match_log_type: 'message_json', match_log_content: 'x' })).toBe(
      m.jsonFieldRequired,
    );
  });

  it("after a save, the log writer's watch uses the new pattern at once", async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_log', params: { label: 'Pedido', message: 'pedido recusado pelo banco' } },
      ),
    );
    const body = {
      name: 'Recusas',
      action: 'webhook' as const,
      action_webhook_url: 'http://127.0.0.1:9/alerta',
      match_log_content: 'nunca aparece',
      flow_id: flowId,
      timewindow_seconds: 3600,
    };
    const created = await api(account).post('/api/v1/alert-rules', body);
    expect(created.statusCode, created.body).toBe(201);
    const ruleId = (created.json() as { _id: string })._id;
    const put = await api(account).put(`/api/v1/alert-rules/${ruleId}`, {
      ...body,
      match_log_content: '/recusad[oa]/',
    });
    expect(put.statusCode, put.body).toBe(200);

    const run = await api(account).post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(run.statusCode, run.body).toBe(200);
    await finished(t, flowId);
    await userLogsOf(api(account), (run.json() as { execution_id: string }).execution_id);
    // The lines and the window are written in one transaction: no waiting for a refresh.
    const firings = alertFiringListSchema.parse(
      (await api(account).get(`/api/v1/alert-rules/${ruleId}/firings`)).json(),
    );
    expect(firings.items).toMatchObject([
      {
        kind: 'match',
        state: 'open',
        count: 1,
        lines: [{ message: 'pedido recusado pelo banco' }],
      },
    ]);
  });
});
