import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { eq } from 'drizzle-orm';
import { scheduleTicks } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import {
  chain,
  createFlow,
  executionsOf,
  finished,
  userLogsOf,
  type Step,
} from '../../test/flow-fixtures';
import { createSecondRunner } from '../../test/second-runner';
import { until } from '../../test/until';
import { describeEachDriver } from '../../test/test-database';
import { createManualClock } from './timer-clock';
import { createFlowsRepository } from '../flows/flows.repository';
import { createTriggerManager } from './trigger-manager';

const m = messages.engine;

describeEachDriver('triggers', (driver) => {
  const clock = createManualClock(Date.parse('2026-11-23T12:00:00.000Z'));
  const t = useTestApp(driver, { triggerClock: clock, webhookTimeoutMs: 3_000 });

  const webhookFlow = (params: Record<string, unknown>, ...rest: Step[]) =>
    chain(
      { type: 'core_webhook_trigger', params: { method: 'POST', path: 'pedidos/novo', ...params } },
      ...rest,
    );

  it('answers a webhook with the body the code and respond nodes computed', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      webhookFlow(
        { response: 'respond_node' },
        {
          type: 'core_code',
          params: {
            code: 'return { payload: { total: msg.payload.itens.reduce((s, i) => s + i.preco, 0) } };',
          },
        },
        {
          type: 'core_respond_webhook',
          params: {
            status: 201,
            headers: [{ key: 'X-Pedido', value: 'ok' }],
            body: '{{ msg.payload }}',
          },
        },
      ),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/engine/webhook/${flowId}/pedidos/novo`,
      payload: { itens: [{ preco: 10.5 }, { preco: 4.5 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['x-pedido']).toBe('ok');
    expect(res.json()).toEqual({ total: 15 });
    const [execution] = await finished(t, flowId);
    expect(execution).toMatchObject({
      status: 'success',
      triggerType: 'core_webhook_trigger',
      workspaceId: account.workspaceId,
    });
  });

  it('answers 202 with the execution id at once, or the last node output when asked', async () => {
    const account = await t.createAccount();
    const immediate = await createFlow(t, account, webhookFlow({ response: 'immediate' }));
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/engine/webhook/${immediate}/pedidos/novo`,
      payload: { a: 1 },
    });
    expect(accepted.statusCode).toBe(202);
    const { execution_id } = accepted.json() as { execution_id: string };
    const [row] = await finished(t, immediate);
    expect(row!.id).toBe(execution_id);

    const last = await createFlow(
      t,
      account,
      webhookFlow(
        { response: 'last_node', method: 'GET', path: 'consulta' },
        {
          type: 'core_set',
          params: {
            target: 'msg',
            values: [{ path: 'payload.eco', value: '{{ msg.webhook.query.q }}' }],
          },
        },
      ),
    );
    const answered = await t.app.inject({
      method: 'GET',
      url: `/engine/webhook/${last}/consulta?q=abc`,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ eco: 'abc' });
  });

  it('reads the :nome segments of a path, and the fixed path wins over a parameter', async () => {
    const account = await t.createAccount();
    const answer = (uid: string, path: string, payload: string) => [
      {
        uid,
        type: 'core_webhook_trigger',
        position: { x: 0, y: 0 },
        params: { method: 'GET', path, response: 'last_node' },
      },
      {
        uid: `${uid}_set`,
        type: 'core_set',
        position: { x: 200, y: 0 },
        params: { target: 'msg', values: [{ path: 'payload', value: payload }] },
      },
    ];
    const nodes = [
      ...answer('por_id', 'lojas/:loja/pedidos/:id', '{{ msg.webhook.params }}'),
      ...answer('novo', 'lojas/:loja/pedidos/novo', '{{ {"novo": msg.webhook.params.loja} }}'),
    ];
    const edges = ['por_id', 'novo'].map((uid) => ({
      id: uid,
      source: uid,
      sourceOutput: 'default',
      target: `${uid}_set`,
    }));
    const flowId = await createFlow(t, account, { version: 1, nodes, edges });
    const get = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/engine/webhook/${flowId}/${path}` });
      return { status: res.statusCode, body: res.json() as unknown };
    };

    expect(await get('lojas/sp-01/pedidos/42')).toEqual({
      status: 200,
      body: { loja: 'sp-01', id: '42' },
    });
    // The address arrives decoded: an accent sent as %C3%A3 is read as 'ã'.
    expect(await get('lojas/S%C3%A3o%20Paulo/pedidos/A7')).toEqual({
      status: 200,
      body: { loja: 'São Paulo', id: 'A7' },
    });
    // Declared after the parameter, the fixed 'novo' still wins over ':id'.
    expect(await get('lojas/rj/pedidos/novo')).toEqual({ status: 200, body: { novo: 'rj' } });
    for (const path of ['lojas/rj/pedidos', 'lojas/rj/pedidos/42/itens', 'Lojas/rj/pedidos/42'])
      expect((await get(path)).status, path).toBe(404);
  });

  it('refuses unknown, disabled and deleted flows, other paths and methods with 404', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const disabled = await createFlow(t, account, webhookFlow({}), false);
    const enabled = await createFlow(t, account, webhookFlow({}));
    const call = (flowId: string, method: 'POST' | 'GET' = 'POST', path = 'pedidos/novo') =>
      t.app.inject({
        method,
        url: `/engine/webhook/${flowId}/${path}`,
        payload: method === 'POST' ? {} : undefined,
      });

    for (const res of [
      await call('nao-existe'),
      await call(disabled),
      await call(enabled, 'GET'),
      await call(enabled, 'POST', 'outro'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: m.webhookNotFound });
    }
    expect((await call(enabled)).statusCode).toBe(202);

    // Disabling, then deleting, takes the webhook down at once.
    // Each save sends back the version the previous answer gave (docs/adr/0103).
    const flow = (await api.get(`/api/v1/flows/${enabled}`)).json() as Record<string, unknown>;
    const off = await api.put(`/api/v1/flows/${enabled}`, { ...flow, enabled: false });
    expect(off.statusCode).toBe(200);
    expect((await call(enabled)).statusCode).toBe(404);
    const on = await api.put(`/api/v1/flows/${enabled}`, {
      ...(off.json() as object),
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await call(enabled)).statusCode).toBe(202);
    expect((await api.delete(`/api/v1/flows/${enabled}`)).statusCode).toBe(204);
    expect((await call(enabled)).statusCode).toBe(404);
    await until(async () => (await executionsOf(t, enabled)).every((row) => row.endedAt), 'fim');
  });

  it('checks header and basic auth before running anything', async () => {
    const account = await t.createAccount();
    const header = await createFlow(
      t,
      account,
      webhookFlow({ auth: 'header', auth_header_name: 'X-Chave', auth_header_value: 's3gredo' }),
    );
    const basic = await createFlow(
      t,
      account,
      webhookFlow({ auth: 'basic', auth_username: 'ana', auth_password: 'p@ss' }),
    );
    const post = (flowId: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/engine/webhook/${flowId}/pedidos/novo`,
        headers,
        payload: {},
      });
    const basicOf = (user: string, password: string) =>
      `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

    for (const res of [
      await post(header, {}),
      await post(header, { 'x-chave': 's3gredO' }),
      await post(basic, { authorization: basicOf('ana', 'errada') }),
      await post(basic, {}),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: m.webhookUnauthorized });
    }
    expect(await executionsOf(t, header)).toHaveLength(0);
    expect(await executionsOf(t, basic)).toHaveLength(0);
    expect((await post(header, { 'x-chave': 's3gredo', 'x-pedido': '17' })).statusCode).toBe(202);
    expect((await post(basic, { authorization: basicOf('ana', 'p@ss') })).statusCode).toBe(202);
    const [run] = await finished(t, header);
    await finished(t, basic);
    // The secret the trigger checked is not kept in the message (nor in what it reaches).
    const kept = run!.triggerMsg as { webhook: { headers: Record<string, string> } };
    expect(kept.webhook.headers['x-pedido']).toBe('17');
    expect(kept.webhook.headers).not.toHaveProperty('x-chave');
    expect(JSON.stringify(kept)).not.toContain('s3gredo');
  });

  it('answers 500 with the error when the flow fails before responding', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      webhookFlow(
        { response: 'respond_node' },
        { type: 'core_stop', params: { status: 'error', message: 'Pedido sem itens' } },
      ),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/engine/webhook/${flowId}/pedidos/novo`,
      payload: {},
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ message: 'Pedido sem itens' });
  });

  it('fires every tick of a schedule even when a tick fires slower than the interval', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_schedule_trigger', params: { cron: '* * * * * *' } },
        { type: 'core_log', params: { label: 'Tick', message: '{{ msg.payload.scheduled_at }}' } },
      ),
    );
    // Three seconds pass in one go: each tick's fire (database writes) is still under way when
    // the next second comes, as on a busy process. Every tick must still be claimed.
    await clock.advance(3_000);
    const ticks = await until(async () => {
      const rows = await t.database.db
        .select()
        .from(scheduleTicks)
        .where(eq(scheduleTicks.flowId, flowId));
      return rows.length >= 3 && rows;
    }, 'os três ticks');
    expect(ticks).toHaveLength(3);
    // Off again, so the other tests' minutes do not tick it.
    const api = t.request(account.token);
    const flow = (await api.get(`/api/v1/flows/${flowId}`)).json() as Record<string, unknown>;
    expect((await api.put(`/api/v1/flows/${flowId}`, { ...flow, enabled: false })).statusCode).toBe(
      200,
    );
  });

  it('fires a schedule once per tick in its time zone, even with a second process', async () => {
    const account = await t.createAccount();
    // 09:00:00 in São Paulo is 12:00:00 UTC; the clock starts at 12:00:00 UTC.
    const flowId = await createFlow(
      t,
      account,
      chain(
        {
          type: 'core_schedule_trigger',
          params: { cron: '0 */5 9 * * *', timezone: 'America/Sao_Paulo' },
        },
        { type: 'core_log', params: { label: 'Tick', message: '{{ msg.payload.scheduled_at }}' } },
      ),
    );
    const status = await t.request(account.token).get('/engine/status');
    expect(status.json()).toMatchObject({ running: true, scheduled_jobs: 1 });

    // A second process on the same database: its own runner, queue driver and timers on the
    // same clock.
    const second = createSecondRunner(t.database.db);
    const other = createTriggerManager({
      db: t.database.db,
      flows: createFlowsRepository(t.database.db),
      clock,
      runner: second.runner,
    });
    await second.runner.start();
    await other.start();
    try {
      await clock.advance(4 * 60_000);
      expect(await executionsOf(t, flowId)).toHaveLength(0);
      await clock.advance(2 * 60_000); // past 09:05 in São Paulo
      await until(
        async () =>
          (await t.database.db.select().from(scheduleTicks).where(eq(scheduleTicks.flowId, flowId)))
            .length === 1,
        'o tick das 09:05',
      );
      // Each process armed its next tick when its 09:05 timer went off.
      expect(clock.pending()).toBe(2);
      await clock.advance(5 * 60_000); // past 09:10
      const ticks = await until(async () => {
        const rows = await t.database.db
          .select()
          .from(scheduleTicks)
          .where(eq(scheduleTicks.flowId, flowId));
        return rows.length === 2 && rows;
      }, 'o tick das 09:10');
      expect(ticks.map((tick) => tick.tickAt.toISOString()).sort()).toEqual([
        '2026-11-23T12:05:00.000Z',
        '2026-11-23T12:10:00.000Z',
      ]);
      // Each tick ran once in all, in one process or the other, never in both.
      const runs = await until(async () => {
        const rows = await executionsOf(t, flowId);
        return rows.length >= 2 && rows.every((row) => row.endedAt) && rows;
      }, 'as execuções agendadas');
      expect(runs.map((row) => row.status)).toEqual(['success', 'success']);
    } finally {
      other.stop();
      await second.close();
    }
  });

  it('starts the error flows of the workspace when a flow fails, with the error', async () => {
    const account = await t.createAccount();
    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const failing = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_stop', params: { status: 'error', message: 'Estoque negativo' } },
      ),
    );
    const errorFlow = chain(
      { type: 'core_error_trigger' },
      {
        type: 'core_log',
        params: {
          label: 'Erro',
          message: '{{ msg.payload.error.message }} em {{ msg.payload.execution_id }}',
        },
      },
    );
    const handler = await createFlow(t, account, errorFlow);
    const strangerHandler = await createFlow(t, stranger, errorFlow);

    const run = await t.request(account.token).post(`/engine/flow/manual-trigger/${failing}`, {});
    const { execution_id } = run.json() as { execution_id: string };
    const [failed] = await finished(t, failing);
    expect(failed!.status).toBe('error');
    const [handled] = await finished(t, handler);
    expect(handled).toMatchObject({ status: 'success', triggerType: 'core_error_trigger' });
    const logs = await userLogsOf(t.request(account.token), handled!.id);
    expect(logs[0]!.message).toBe(`Estoque negativo em ${execution_id}`);
    // Another workspace's error flow never hears of it.
    expect(await executionsOf(t, strangerHandler)).toHaveLength(0);
  });

  it('calls another flow of the workspace and refuses one of another workspace', async () => {
    const account = await t.createAccount();
    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const callee = chain(
      { type: 'core_flow_trigger' },
      {
        type: 'core_set',
        params: {
          target: 'msg',
          values: [{ path: 'payload.dobro', value: '{{ msg.payload.n * 2 }}' }],
        },
      },
    );
    const mine = await createFlow(t, account, callee);
    const theirs = await createFlow(t, stranger, callee);
    const caller = (target: string) =>
      chain(
        { type: 'core_manual_trigger' },
        {
          type: 'core_execute_flow',
          params: { flow: target, payload: '{{ { "n": 21 } }}', wait: true },
        },
        { type: 'core_log', params: { label: 'Resposta', message: '{{ msg.payload.dobro }}' } },
      );
    const good = await createFlow(t, account, caller(mine));
    const bad = await createFlow(t, account, caller(theirs));
    const api = t.request(account.token);

    await api.post(`/engine/flow/manual-trigger/${good}`, {});
    const [ok] = await finished(t, good);
    expect(ok!.status, JSON.stringify(ok!.error)).toBe('success');
    const [called] = await finished(t, mine);
    expect(called).toMatchObject({ status: 'success', triggerType: 'core_flow_trigger' });

    await api.post(`/engine/flow/manual-trigger/${bad}`, {});
    const [refused] = await finished(t, bad);
    expect(refused!.status).toBe('error');
    expect(await executionsOf(t, theirs)).toHaveLength(0);
  });
});
