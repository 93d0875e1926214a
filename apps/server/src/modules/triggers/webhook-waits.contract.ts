import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '@ponte/shared/messages';
import { chain, createFlow, executionsOf, finished, type Step } from '../../test/flow-fixtures';
import type { createGate } from '../../test/gate-node';
import type { TestAccount, TestContext } from '../../test/test-app';
import { until } from '../../test/until';

const m = messages.unawaited;

export interface WebhookWaitsSetup {
  /** The app that serves the webhooks and the API (one slot of executions in all). */
  t: TestContext;
  gate: ReturnType<typeof createGate>;
  /** How long a webhook waits for its flow's answer (`webhookTimeoutMs`). */
  waitMs: number;
}

/** A webhook flow: its trigger answering in `response` mode, then `steps`. */
const hookFlow = (path: string, response: string, ...steps: Step[]) =>
  chain({ type: 'core_webhook_trigger', params: { method: 'POST', path, response } }, ...steps);

/** The internal log lines of an execution labelled `label`, once there is one. */
async function linesOf(t: TestContext, account: TestAccount, executionId: string, label: string) {
  const filters = encodeURIComponent(JSON.stringify({ execution_id: executionId }));
  return until(async () => {
    const res = await t.request(account.token).get(`/api/v1/monitoring/logs?filters=${filters}`);
    const items = (res.json() as { items: { data: { label: string; message: string } }[] }).items;
    const lines = items.filter((item) => item.data.label === label);
    return lines.length > 0 && lines.map((item) => item.data.message);
  }, `a linha "${label}" da execução ${executionId}`);
}

/**
 * A webhook that waits for its flow's answer, with every slot of executions taken (docs/adr/
 * 0076): an execution that cannot start within the wait is withdrawn and its caller told 503
 * with Retry-After, so the work never happens behind a "no"; one that started and outlives the
 * wait learns that nobody waits, and goes on or stops as its flow says. The same in one process
 * and across processes (the caller's process withdraws from the shared queue).
 */
export function webhookWaitsContract(setup: () => WebhookWaitsSetup) {
  const call = (t: TestContext, flowId: string, path: string, n: number) =>
    t.app.inject({ method: 'POST', url: `/engine/webhook/${flowId}/${path}`, payload: { n } });

  it('answers 503 with Retry-After when the execution cannot start in time, and never runs it', async () => {
    const { t, gate, waitMs } = setup();
    gate.reset();
    const account = await t.createAccount();
    const holder = await createFlow(
      t,
      account,
      hookFlow('segura', 'immediate', { type: 'test_gate' }),
    );
    const work = await createFlow(
      t,
      account,
      hookFlow('pedido', 'last_node', {
        type: 'core_log',
        params: { label: 'Pedido', message: '{{ msg.payload.n }}' },
      }),
    );
    expect((await call(t, holder, 'segura', 0)).statusCode).toBe(202);
    await until(() => gate.entered() === 1, 'a única vaga ocupada pelo portão');

    // The only slot stays taken until every caller has been answered: none can start in time.
    const callers = 5;
    const answers: LightMyRequestResponse[] = await Promise.all(
      Array.from({ length: callers }, (_, i) => call(t, work, 'pedido', i + 1)),
    );
    gate.open();
    await finished(t, holder);
    // With the slot free again, a caller gets the flow's answer.
    answers.push(await call(t, work, 'pedido', 99));
    const rows = await until(async () => {
      const all = await executionsOf(t, work);
      return all.length === callers + 1 && all.every((row) => row.endedAt) && all;
    }, 'todas as execuções do flow de trabalho terminadas');

    const seconds = Math.ceil(waitMs / 1000);
    for (const res of answers) {
      if (res.statusCode === 200) continue;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe(String(seconds));
      expect(res.json()).toEqual({
        statusCode: 503,
        code: 'flow_busy',
        message: messages.engine.flowBusy(seconds),
      });
    }
    const answered = answers.filter((res) => res.statusCode === 200);
    expect(answered.map((res) => res.json())).toEqual([{ n: 99 }]);
    // No work for a caller told no: as many executions ran as callers got the flow's answer.
    const ran = rows.filter((row) => row.startedAt !== null);
    expect(ran.map((row) => row.status)).toEqual(answered.map(() => 'success'));
    const withdrawn = rows.filter((row) => row.startedAt === null);
    expect(withdrawn).toHaveLength(callers);
    for (const row of withdrawn) {
      expect(row.status).toBe('stopped');
      expect(row.error?.message).toBe(m.notStartedWebhook(seconds));
    }
    const [line] = await linesOf(t, account, withdrawn[0]!.id, m.notStartedLabel);
    expect(line).toBe(m.notStartedWebhook(seconds));
  });

  it('tells a running execution that nobody waits once its caller got 504; it goes on or stops as its flow says', async () => {
    const { t, gate, waitMs } = setup();
    gate.reset();
    const account = await t.createAccount();
    const api = t.request(account.token);
    const seconds = Math.ceil(waitMs / 1000);
    const slow = hookFlow('lento', 'last_node', { type: 'test_gate' });
    const goesOn = await createFlow(t, account, slow);

    const timedOut = await call(t, goesOn, 'lento', 1);
    expect(timedOut.statusCode, timedOut.body).toBe(504);
    const [running] = await executionsOf(t, goesOn);
    expect(running!.status).toBe('running');
    expect(running!.unawaitedAt).toBeInstanceOf(Date);
    const live = await api.get('/api/v1/monitoring/executions/running');
    expect(live.json()).toContainEqual(
      expect.objectContaining({
        execution_id: running!.id,
        unawaited_at: running!.unawaitedAt!.toISOString(),
      }),
    );
    expect(await linesOf(t, account, running!.id, m.label)).toEqual([
      `${m.webhook(seconds)} ${m.continues}`,
    ]);
    gate.open();
    const [ended] = await finished(t, goesOn);
    expect(ended!.status).toBe('success');
    const completed = await api.get('/api/v1/monitoring/executions/completed');
    const item = (completed.json() as { items: { data: Record<string, unknown> }[] }).items.find(
      (each) => each.data.execution_id === running!.id,
    );
    expect(item?.data.unawaited_at).toBe(running!.unawaitedAt!.toISOString());

    // 'Continuar quando ninguém espera a resposta' off: the execution is stopped.
    gate.reset();
    const created = await api.post('/api/v1/flows', {
      name: 'Para sem espera',
      enabled: true,
      data: hookFlow('lento', 'last_node', { type: 'test_gate' }),
      config: { rate_limit: 0, continue_unawaited: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().config.continue_unawaited).toBe(false);
    const stops = (created.json() as { _id: string })._id;
    expect((await call(t, stops, 'lento', 2)).statusCode).toBe(504);
    const [stopped] = await finished(t, stops);
    expect(stopped!.status).toBe('stopped');
    expect(stopped!.unawaitedAt).toBeInstanceOf(Date);
    expect(await linesOf(t, account, stopped!.id, m.label)).toEqual([
      `${m.webhook(seconds)} ${m.stops}`,
    ]);
  });
}
