import { afterEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { flows } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow } from '../../test/flow-fixtures';
import { describeEachDriver } from '../../test/test-database';
import { createSecondRunner } from '../../test/second-runner';
import { createFlowsRepository } from '../flows/flows.repository';
import { createManualClock } from './timer-clock';
import { createTriggerManager, type TriggerManager } from './trigger-manager';

describeEachDriver('trigger reconciliation', (driver) => {
  const t = useTestApp(driver);
  const clock = createManualClock(Date.parse('2026-11-23T12:00:00.000Z'));
  let other: TriggerManager | null = null;
  afterEach(() => other?.stop());

  /** Another process's trigger manager on the same database, told nothing of the changes. */
  const startOther = async () => {
    other = createTriggerManager({
      db: t.database.db,
      flows: createFlowsRepository(t.database.db),
      runner: createSecondRunner(t.database.db).runner,
      clock,
    });
    await other.start();
    return other;
  };

  /** Changes the flow's row as another process's save would, with no message to this one. */
  const changeRow = (flowId: string, values: Partial<typeof flows.$inferInsert>) =>
    t.database.db
      .update(flows)
      .set({ ...values, updatedAt: new Date(Date.now() + 1_000) })
      .where(eq(flows.id, flowId));

  const hook = (path: string) =>
    chain({ type: 'core_webhook_trigger', params: { method: 'POST', path } });

  it('picks up a flow changed, disabled or enabled elsewhere at the next pass', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, hook('antes'));
    const dormant = await createFlow(t, account, hook('depois'), false);
    const manager = await startOther();
    expect(manager.findWebhook(flowId, 'POST', 'antes')).not.toBeNull();

    await changeRow(flowId, { data: hook('novo') });
    await changeRow(dormant, { enabled: true });
    // No message came: the process still answers with what it loaded.
    expect(manager.findWebhook(flowId, 'POST', 'novo')).toBeNull();
    expect(manager.findWebhook(dormant, 'POST', 'depois')).toBeNull();

    await manager.reconcile();
    expect(manager.findWebhook(flowId, 'POST', 'novo')).not.toBeNull();
    expect(manager.findWebhook(flowId, 'POST', 'antes')).toBeNull();
    expect(manager.findWebhook(dormant, 'POST', 'depois')).not.toBeNull();

    await changeRow(dormant, { enabled: false });
    await t.database.db.delete(flows).where(eq(flows.id, flowId));
    await manager.reconcile();
    expect(manager.findWebhook(dormant, 'POST', 'depois')).toBeNull();
    expect(manager.findWebhook(flowId, 'POST', 'novo')).toBeNull();
  });
});
