import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { chain, createFlow, executionsOf, finished, type Step } from '../../test/flow-fixtures';
import { createGate } from '../../test/gate-node';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { until } from '../../test/until';

const m = messages.unawaited;

/** The called flow (gatilho "Chamado por outro flow", then `step`) and its caller, which waits. */
async function callerAndCalled(t: TestContext, account: TestAccount, step: Step) {
  const called = await createFlow(t, account, chain({ type: 'core_flow_trigger' }, step));
  const caller = await createFlow(
    t,
    account,
    chain(
      { type: 'core_webhook_trigger', params: { method: 'POST', path: 'chama' } },
      { type: 'core_execute_flow', params: { flow: called, wait: true } },
    ),
  );
  const res = await t.app.inject({ method: 'POST', url: `/engine/webhook/${caller}/chama` });
  expect(res.statusCode, res.body).toBe(202);
  const [execution] = await until(() => executionsOf(t, caller), 'a execução do flow que chama');
  return { called, caller, callerExecution: execution!.id };
}

const stop = (t: TestContext, account: TestAccount, executionId: string) =>
  t.request(account.token).post('/engine/stop-execution', { execution_id: executionId });

/**
 * "Executar flow" waiting for the flow it called is a caller like a webhook (docs/adr/0076):
 * once it stops waiting (it was stopped), the called execution is withdrawn if it had not
 * started, and otherwise learns that nobody waits and goes on or stops as its flow says.
 */
describe('a flow that waits for the flow it called, and stops waiting', () => {
  describe('with one slot, taken by the caller', () => {
    const t = useTestApp('embedded', { executionConcurrency: 1 });

    it('withdraws the called execution that had not started: it never runs', async () => {
      const account = await t.createAccount();
      const { called, callerExecution } = await callerAndCalled(t, account, {
        type: 'core_log',
        params: { label: 'Chamado', message: 'rodou' },
      });
      await until(
        async () => (await executionsOf(t, called))[0]?.status === 'queued',
        'o flow chamado na fila, atrás do que chama',
      );
      expect((await stop(t, account, callerExecution)).statusCode).toBe(200);
      const [withdrawn] = await finished(t, called);
      expect(withdrawn).toMatchObject({
        status: 'stopped',
        startedAt: null,
        error: { message: m.notStartedFlow },
      });
    });
  });

  describe('with room for both', () => {
    const gate = createGate();
    const t = useTestApp('embedded', { nodes: [gate.node], executionConcurrency: 2 });

    it('tells the running called execution that nobody waits; by default it goes on', async () => {
      const account = await t.createAccount();
      const { called, caller, callerExecution } = await callerAndCalled(t, account, {
        type: 'test_gate',
      });
      await until(() => gate.entered() === 1, 'o flow chamado no portão');
      expect((await stop(t, account, callerExecution)).statusCode).toBe(200);
      const [stopped] = await finished(t, caller);
      expect(stopped!.status).toBe('stopped');
      const [running] = await until(async () => {
        const rows = await executionsOf(t, called);
        return rows[0]?.unawaitedAt && rows;
      }, 'o flow chamado sabendo que ninguém espera');
      expect(running!.status).toBe('running');
      gate.open();
      const [ended] = await finished(t, called);
      expect(ended!.status).toBe('success');
    });
  });
});
