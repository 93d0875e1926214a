import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { chain, createFlow, executionsOf, finished } from '../../test/flow-fixtures';
import { createGate } from '../../test/gate-node';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createConsumer, insertForm, submission } from './form-fixtures';

const m = messages.unawaited;
/** A form waits 2 s for its flow; one slot of executions in all. */
const waitMs = 2_000;
const seconds = waitMs / 1000;

/**
 * A public form with 'Aguardar o resultado do flow' waits like a webhook (docs/adr/0076): a
 * submission whose execution cannot start within the wait is not made (503 with Retry-After,
 * and the flow never runs it); one whose execution runs past the wait answers `timeout`, and
 * the execution records that nobody waits.
 */
describeEachDriver('a public form waiting for its flow with every slot taken', (driver) => {
  const gate = createGate();
  const t = useTestApp(driver, {
    nodes: [gate.node],
    executionConcurrency: 1,
    formResultTimeoutMs: waitMs,
  });
  const submit = (formId: string, nome: string) => {
    const { payload, headers } = submission({ nome });
    return t.app.inject({
      method: 'POST',
      url: `/engine/forms/${formId}/submit`,
      headers,
      payload,
    });
  };

  it('answers 503 with Retry-After when the flow cannot start in time, and never runs it', async () => {
    gate.reset();
    const account = await t.createAccount();
    const holder = await createFlow(
      t,
      account,
      chain(
        { type: 'core_webhook_trigger', params: { method: 'POST', path: 'segura' } },
        { type: 'test_gate' },
      ),
    );
    const formId = await insertForm(t, account, { waitFlowResult: true });
    const consumer = await createConsumer(t, account, formId, {
      type: 'core_log',
      params: { label: 'Nome', message: '{{ msg.payload.nome }}' },
    });
    await t.app.inject({ method: 'POST', url: `/engine/webhook/${holder}/segura`, payload: {} });
    await until(() => gate.entered() === 1, 'a única vaga ocupada pelo portão');

    const busy = await submit(formId, 'Ana');
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(seconds));
    expect(busy.json()).toEqual({
      statusCode: 503,
      code: 'flow_busy',
      message: messages.forms.public.submitBusy(seconds),
    });
    gate.open();
    await finished(t, holder);
    const sent = await submit(formId, 'Bia');
    expect(sent.json()).toEqual({ outcome: 'result', result: { nome: 'Bia' } });

    const rows = await executionsOf(t, consumer);
    expect(rows.filter((row) => row.startedAt).map((row) => row.status)).toEqual(['success']);
    const [withdrawn] = rows.filter((row) => !row.startedAt);
    expect(withdrawn).toMatchObject({
      status: 'stopped',
      error: { message: m.notStartedForm(seconds) },
    });
  });

  it('answers timeout for an execution that runs past the wait, which records that nobody waits', async () => {
    gate.reset();
    const account = await t.createAccount();
    const formId = await insertForm(t, account, { waitFlowResult: true });
    const consumer = await createConsumer(t, account, formId, { type: 'test_gate' });

    const late = await submit(formId, 'Ana');
    expect(late.json()).toEqual({ outcome: 'timeout', message: messages.forms.public.timeout });
    const [running] = await executionsOf(t, consumer);
    expect(running).toMatchObject({ status: 'running', unawaitedAt: expect.any(Date) });
    gate.open();
    const [ended] = await finished(t, consumer);
    expect(ended!.status).toBe('success');
  });
});
