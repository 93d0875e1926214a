import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  alertRuleListSchema,
  alertRuleSchema,
  type AlertRule,
  type AlertRuleBodyInput,
} from '@ponte/shared/alert-rules.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { securityLogSchema } from '@ponte/shared/security-log.schema';
import { alertFirings, alertRules, serviceAccounts } from '../../db/schema';
import { chain, createFlow } from '../../test/flow-fixtures';
import { addQueue, type SeededWorkspace } from '../../test/queue-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

const m = messages.alertRules;

const emailRule: AlertRuleBodyInput = {
  name: 'Timeouts',
  action_email_to: 'ops@exemplo.com.br',
  match_log_content: 'timeout',
};

describeEachDriver('alert rules API', (driver) => {
  // An instance SMTP lets e-mail rules name no account; nothing is sent in these tests.
  const t = useTestApp(driver, {
    alerts: {
      smtp: { host: '127.0.0.2', port: 2525, secure: false },
      dispatchIntervalMs: 3_600_000,
    },
    httpAllowedNetworks: ['127.0.0.1/32'],
  });
  const api = (account: TestAccount) => t.request(account.token);

  async function create(account: TestAccount, body: AlertRuleBodyInput): Promise<AlertRule> {
    const res = await api(account).post('/api/v1/alert-rules', body);
    expect(res.statusCode, res.body).toBe(201);
    return alertRuleSchema.parse(res.json());
  }
  const list = async (account: TestAccount, query = '') => {
    const res = await api(account).get(`/api/v1/alert-rules${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return alertRuleListSchema.parse(res.json());
  };
  const refusal = async (account: TestAccount, body: AlertRuleBodyInput) => {
    const res = await api(account).post('/api/v1/alert-rules', body);
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json() as { message: string; details: { message: string }[] };
    return { message: answer.message, all: answer.details.map((d) => d.message) };
  };
  const storedRules = async (account: TestAccount) =>
    (
      await t.database.db
        .select()
        .from(alertRules)
        .where(eq(alertRules.workspaceId, account.workspaceId))
    ).length;

  it('creates with the defaults, reads, edits and removes a rule', async () => {
    const account = await t.createAccount();
    const created = await create(account, {
      action_email_to: 'ops@exemplo.com.br',
      match_log_content: 'erro',
    });
    expect(created).toMatchObject({
      name: 'Nova regra de alerta',
      group: null,
      type: 'match_log',
      enabled: true,
      action: 'email',
      action_webhook_method: 'post',
      match_log_type: 'message',
      timewindow_seconds: 300,
      flow_id: null,
      workspace_id: account.workspaceId,
    });
    const read = await api(account).get(`/api/v1/alert-rules/${created._id}`);
    expect(alertRuleSchema.parse(read.json())).toEqual(created);

    const group = (await api(account).post('/api/v1/groups', { name: 'Operação' })).json();
    const flowId = await createFlow(t, account, chain({ type: 'core_manual_trigger' }));
    const edited = await api(account).put(`/api/v1/alert-rules/${created._id}`, {
      name: ' Erros do pedido ',
      group: group._id,
      action: 'webhook',
      action_webhook_method: 'put',
      action_webhook_url: 'http://127.0.0.1:8080/alerta',
      match_log_type: 'message_json',
      match_log_json_field: 'pedido.status',
      match_log_content: '/^falh(a|ou)$/i',
      flow_id: flowId,
      timewindow_seconds: 3600,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Erros do pedido',
      group: group._id,
      action: 'webhook',
      action_webhook_method: 'put',
      match_log_json_field: 'pedido.status',
      match_log_content: '/^falh(a|ou)$/i',
      flow_id: flowId,
      timewindow_seconds: 3600,
    });
    const flowless = await api(account).put(`/api/v1/alert-rules/${created._id}`, {
      ...emailRule,
      flow_id: '',
    });
    expect(flowless.json()).toMatchObject({ flow_id: null, group: null });

    const removed = await api(account).delete(`/api/v1/alert-rules/${created._id}`);
    expect(removed.statusCode).toBe(204);
    expect((await api(account).get(`/api/v1/alert-rules/${created._id}`)).statusCode).toBe(404);
    expect(await storedRules(account)).toBe(0);
  });

  it('records when a rule is enabled: on creation enabled and when it goes back to enabled', async () => {
    const account = await t.createAccount();
    const enabledAt = async (id: string) =>
      (await t.database.db.select().from(alertRules)).find((row) => row.id === id)!.enabledAt;
    const off = await create(account, { ...emailRule, enabled: false });
    expect(await enabledAt(off._id)).toBeNull();
    const on = await create(account, emailRule);
    expect(await enabledAt(on._id)).toEqual(new Date(on.created_at));

    t.clock.advance(60_000);
    await api(account).put(`/api/v1/alert-rules/${off._id}`, emailRule);
    const turnedOn = await enabledAt(off._id);
    expect(turnedOn!.getTime()).toBeGreaterThan(new Date(off.created_at).getTime());
    t.clock.advance(60_000);
    await api(account).put(`/api/v1/alert-rules/${off._id}`, { ...emailRule, name: 'Outro' });
    expect(await enabledAt(off._id)).toEqual(turnedOn);
  });

  it('refuses each broken rule with its pt-BR text, every issue listed, and stores nothing', async () => {
    const account = await t.createAccount();
    const blank = await refusal(account, { name: '  ', action_email_to: '' });
    expect(blank.message).toBe(m.nameRequired);
    expect(blank.all).toEqual([m.nameRequired, m.emailToRequired, m.contentRequired]);
    const cases: [AlertRuleBodyInput, string][] = [
      [{ ...emailRule, action_email_to: 'ops@, outro@exemplo.com' }, m.emailToInvalid('ops@')],
      [{ ...emailRule, action: 'webhook' }, m.webhookUrlRequired],
      [{ ...emailRule, action: 'webhook', action_webhook_url: 'ftp://x/y' }, m.webhookUrlInvalid],
      [{ ...emailRule, match_log_type: 'message_json' }, m.jsonFieldRequired],
      [
        { ...emailRule, match_log_type: 'message_json', match_log_json_field: 'a..b' },
        m.jsonFieldInvalid,
      ],
      [{ ...emailRule, match_log_content: '/erro/g' }, m.regexFlagInvalid('g')],
      [{ ...emailRule, type: 'no_success', no_success_minutes: 60 }, m.noSuccessFlowRequired],
      [{ ...emailRule, type: 'queue_backlog', queue_depth_above: 1 }, m.queueRequired],
      [{ ...emailRule, type: 'stuck_execution' }, m.minutesInvalid(limits.alertMinutesMax)],
      [{ ...emailRule, flow_id: randomUUID() }, m.flowNotFound],
      [
        {
          ...emailRule,
          type: 'queue_backlog',
          queue_id: 'q',
          queue_depth_above: 1,
          queue_depth_minutes: 5,
        },
        m.queueNotFound,
      ],
      [{ ...emailRule, action_email_account_id: randomUUID() }, m.emailAccountNotFound],
      [{ ...emailRule, group: randomUUID() }, messages.flows.groupNotFound],
    ];
    for (const [body, message] of cases)
      expect((await refusal(account, body)).message).toBe(message);
    const window = await api(account).post('/api/v1/alert-rules', {
      ...emailRule,
      timewindow_seconds: 120,
    });
    expect(window.statusCode).toBe(400);
    expect(await storedRules(account)).toBe(0);
  });

  it('refuses a webhook URL the network guard will refuse, naming the setting that allows it', async () => {
    const account = await t.createAccount();
    const senders = await api(account).get('/api/v1/alert-rules/email-senders');
    expect(senders.json()).toEqual({ instance_smtp: true });
    const blocked = {
      ...emailRule,
      action: 'webhook' as const,
      action_webhook_url: 'http://10.0.0.5/alertas',
    };
    const refused = await refusal(account, blocked);
    expect(refused.message).toBe(
      'Endereço bloqueado pela proteção de rede: 10.0.0.5 (rede privada). Para liberar, inclua a rede em PONTE_HTTP_ALLOWED_NETWORKS.',
    );
    expect(await storedRules(account)).toBe(0);
    const created = await create(account, {
      ...blocked,
      action_webhook_url: 'http://127.0.0.1:8080/a',
    });
    const edited = await api(account).put(`/api/v1/alert-rules/${created._id}`, {
      ...blocked,
      action_webhook_url: 'http://[::1]:8080/a',
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().details).toEqual([
      {
        field: 'action_webhook_url',
        message: expect.stringContaining('inclua a rede em PONTE_HTTP_ALLOWED_NETWORKS'),
      },
    ]);
  });

  it('refuses a regular expression RE2 cannot run, with the pt-BR text, and stores nothing', async () => {
    const account = await t.createAccount();
    const lookahead = await refusal(account, { ...emailRule, match_log_content: '/(?=a)/' });
    expect(lookahead.message).toMatch(/^Expressão regular inválida: /);
    expect(lookahead.all).toEqual([lookahead.message]);
    const unclosed = await refusal(account, { ...emailRule, match_log_content: '/pedido(/i' });
    expect(unclosed.message).toMatch(/^Expressão regular inválida: /);
    const rule = await create(account, emailRule);
    const put = await api(account).put(`/api/v1/alert-rules/${rule._id}`, {
      ...emailRule,
      match_log_content: '/(?<=x)y/',
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toMatch(/^Expressão regular inválida: /);
    expect((await api(account).get(`/api/v1/alert-rules/${rule._id}`)).json()).toMatchObject({
      match_log_content: 'timeout',
    });
    expect(await storedRules(account)).toBe(1);
  });

  it('accepts only an SMTP account, a queue and a flow of the workspace', async () => {
    const account = await t.createAccount();
    const other = await t.createAccount();
    const account_ = (workspaceId: string, authType: string) => {
      const id = randomUUID();
      return t.database.db
        .insert(serviceAccounts)
        .values({ id, workspaceId, name: `Conta ${authType}`, authType })
        .then(() => id);
    };
    const smtp = await account_(account.workspaceId, 'smtp_account');
    const bearer = await account_(account.workspaceId, 'bearer_token');
    const foreignSmtp = await account_(other.workspaceId, 'smtp_account');
    expect(
      (await refusal(account, { ...emailRule, action_email_account_id: bearer })).message,
    ).toBe(m.emailAccountNotSmtp);
    expect(
      (await refusal(account, { ...emailRule, action_email_account_id: foreignSmtp })).message,
    ).toBe(m.emailAccountNotFound);
    expect(await create(account, { ...emailRule, action_email_account_id: smtp })).toMatchObject({
      action_email_account_id: smtp,
    });

    const queue = await addQueue(t.database.db, account as SeededWorkspace);
    const foreignQueue = await addQueue(t.database.db, other as SeededWorkspace);
    const backlog = {
      ...emailRule,
      type: 'queue_backlog' as const,
      queue_depth_above: 100,
      queue_depth_minutes: 10,
    };
    expect((await refusal(account, { ...backlog, queue_id: foreignQueue })).message).toBe(
      m.queueNotFound,
    );
    expect(await create(account, { ...backlog, queue_id: queue })).toMatchObject({
      type: 'queue_backlog',
      queue_id: queue,
      queue_depth_above: 100,
      queue_depth_minutes: 10,
    });

    const foreignFlow = await createFlow(t, other, chain({ type: 'core_manual_trigger' }));
    const silent = { ...emailRule, type: 'no_success' as const, no_success_minutes: 1560 };
    expect((await refusal(account, { ...silent, flow_id: foreignFlow })).message).toBe(
      m.flowNotFound,
    );
    const flowId = await createFlow(t, account, chain({ type: 'core_manual_trigger' }));
    expect(await create(account, { ...silent, flow_id: flowId })).toMatchObject({
      type: 'no_success',
      flow_id: flowId,
      no_success_minutes: 1560,
    });
  });

  it("stores a stuck_execution rule's minutes and optional flow, and empties what it does not read", async () => {
    const account = await t.createAccount();
    const other = await t.createAccount();
    const queue = await addQueue(t.database.db, account as SeededWorkspace);
    const stuck = {
      ...emailRule,
      type: 'stuck_execution' as const,
      stuck_minutes: 5,
      // Another type's fields: the rule does not read them, so they are not kept.
      no_success_minutes: 60,
      queue_id: queue,
      queue_depth_above: 1,
      queue_depth_minutes: 5,
    };
    const anyFlow = await create(account, stuck);
    expect(anyFlow).toMatchObject({
      type: 'stuck_execution',
      stuck_minutes: 5,
      flow_id: null,
      no_success_minutes: null,
      queue_id: null,
      queue_depth_above: null,
      queue_depth_minutes: null,
    });
    const flowId = await createFlow(t, account, chain({ type: 'core_manual_trigger' }));
    const ofFlow = await create(account, { ...stuck, flow_id: flowId, stuck_minutes: 90 });
    expect(ofFlow).toMatchObject({ flow_id: flowId, stuck_minutes: 90 });
    const foreignFlow = await createFlow(t, other, chain({ type: 'core_manual_trigger' }));
    expect((await refusal(account, { ...stuck, flow_id: foreignFlow })).message).toBe(
      m.flowNotFound,
    );
    expect((await refusal(account, { ...stuck, stuck_minutes: null })).message).toBe(
      m.minutesInvalid(limits.alertMinutesMax),
    );

    const matched = await api(account).put(`/api/v1/alert-rules/${ofFlow._id}`, emailRule);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({ type: 'match_log', stuck_minutes: null });
  });

  it('lists the newest update first with search, group and paging, and duplicates disabled', async () => {
    const account = await t.createAccount();
    const group = (await api(account).post('/api/v1/groups', { name: 'Vendas' })).json();
    for (let i = 1; i <= 12; i++) {
      await create(account, { ...emailRule, name: `Regra ${String(i).padStart(2, '0')}` });
      t.clock.advance(1000);
    }
    const source = await create(account, {
      ...emailRule,
      name: 'Pedidos 100%_ok',
      group: group._id,
    });
    const first = await list(account);
    expect(first.total).toBe(13);
    expect(first.items.map((r) => r.name).slice(0, 3)).toEqual([
      'Pedidos 100%_ok',
      'Regra 12',
      'Regra 11',
    ]);
    expect(first.items).toHaveLength(10);
    expect((await list(account, '?page=2')).items.map((r) => r.name)).toEqual([
      'Regra 03',
      'Regra 02',
      'Regra 01',
    ]);
    expect((await list(account, '?page=9')).items.map((r) => r.name)).toEqual([
      'Regra 03',
      'Regra 02',
      'Regra 01',
    ]);
    expect((await list(account, '?perPage=5000')).items).toHaveLength(13);
    const oldest = (await list(account, '?page=2')).items.at(-1)!;
    t.clock.advance(1000);
    await api(account).put(`/api/v1/alert-rules/${oldest._id}`, { ...emailRule, name: 'Regra 01' });
    expect((await list(account, '?perPage=2')).items.map((r) => r.name)).toEqual([
      'Regra 01',
      'Pedidos 100%_ok',
    ]);
    expect((await list(account, '?filter=PEDIDOS')).items.map((r) => r.name)).toEqual([
      'Pedidos 100%_ok',
    ]);
    expect((await list(account, '?filter=0%25_')).total).toBe(1);
    expect((await list(account, '?filter=%25')).total).toBe(1);
    expect((await list(account, `?group=${group._id as string}`)).total).toBe(1);
    expect((await list(account, '?group=none')).total).toBe(12);

    const copy = await api(account).post(`/api/v1/alert-rules/duplicate/${source._id}`);
    expect(copy.statusCode, copy.body).toBe(201);
    const {
      _id,
      name,
      enabled,
      created_at: _ca,
      updated_at: _ua,
      ...rest
    } = alertRuleSchema.parse(copy.json());
    expect({ name, enabled }).toEqual({ name: 'Pedidos 100%_ok (cópia)', enabled: false });
    expect(_id).not.toBe(source._id);
    const {
      _id: _s,
      name: _n,
      enabled: _e,
      created_at: _c,
      updated_at: _u,
      ...sourceRest
    } = source;
    expect(rest).toEqual(sourceRest);
    const long = await create(account, { ...emailRule, name: 'x'.repeat(120) });
    const longCopy = await api(account).post(`/api/v1/alert-rules/duplicate/${long._id}`);
    expect(longCopy.json().name).toHaveLength(120);
    expect(longCopy.json().name).toMatch(/x \(cópia\)$/);
  });

  it("answers 404 to another workspace's rule, changes nothing and records the attempt", async () => {
    const owner = await t.createAccount();
    const intruder = await t.createAccount({ workspaceName: 'Intruso' });
    const rule = await create(owner, { ...emailRule, name: 'Do dono' });
    await t.database.db.insert(alertFirings).values({
      id: randomUUID(),
      workspaceId: owner.workspaceId,
      ruleId: rule._id,
      kind: 'match',
      state: 'sent',
      openedAt: new Date(),
      closesAt: new Date(),
      count: 3,
    });
    const other = api(intruder);
    for (const res of [
      await other.get(`/api/v1/alert-rules/${rule._id}`),
      await other.put(`/api/v1/alert-rules/${rule._id}`, { ...emailRule, name: 'Tomado' }),
      await other.delete(`/api/v1/alert-rules/${rule._id}`),
      await other.post(`/api/v1/alert-rules/duplicate/${rule._id}`),
      await other.get(`/api/v1/alert-rules/${rule._id}/firings`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(m.notFound);
    }
    expect(await list(intruder)).toEqual({ items: [], total: 0 });
    expect((await list(owner)).items.map((r) => r.name)).toEqual(['Do dono']);
    const firings = await api(owner).get(`/api/v1/alert-rules/${rule._id}/firings`);
    expect(firings.json().items).toMatchObject([{ count: 3, state: 'sent' }]);
    const [event] = await until(async () => {
      const { items } = securityLogSchema.parse(
        (await other.get('/account/v1/security-log?kind=cross_workspace_denied')).json(),
      );
      return items.length > 0 && items;
    }, 'o acesso negado no registro de segurança');
    expect(event).toMatchObject({ resource: `alert_rule:${rule._id}` });
    expect((await t.request(null).get('/api/v1/alert-rules')).statusCode).toBe(401);
  });
});

describeEachDriver('alert rules without an instance SMTP', (driver) => {
  const t = useTestApp(driver);

  it("does not offer 'Servidor SMTP da instância' and refuses an e-mail rule without an account", async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const senders = await api.get('/api/v1/alert-rules/email-senders');
    expect(senders.json()).toEqual({ instance_smtp: false });
    const refused = await api.post('/api/v1/alert-rules', emailRule);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: m.noSmtp,
      details: [{ field: 'action_email_account_id', message: m.noSmtp }],
    });
    const rules = await api.get('/api/v1/alert-rules');
    expect(rules.json().total).toBe(0);
  });
});
