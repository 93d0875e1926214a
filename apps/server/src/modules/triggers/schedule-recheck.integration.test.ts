import { expect, it } from 'vitest';
import { chain, createFlow } from '../../test/flow-fixtures';
import { createSecondRunner } from '../../test/second-runner';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createFlowsRepository } from '../flows/flows.repository';
import { createManualClock } from './timer-clock';
import { createTriggerManager } from './trigger-manager';

const day = 86_400_000;
/** Monday 30 November 2026, 10:00 in São Paulo. */
const start = Date.parse('2026-11-30T13:00:00.000Z');

describeEachDriver('a schedule whose days do not come', (driver) => {
  const t = useTestApp(driver, { triggerClock: createManualClock(start) });

  it('is reported and looked for again a day later, never dropped', async () => {
    const account = await t.createAccount();
    // A cron of the 1st only never meets the month's 5th business day.
    await createFlow(
      t,
      account,
      chain(
        {
          type: 'core_schedule_trigger',
          params: { cron: '0 0 9 1 * *', days: 'nth_business', nth_business_day: 5 },
        },
        { type: 'core_log', params: { label: 'Tick', message: 'x' } },
      ),
    );
    const clock = createManualClock(start);
    const errors: string[] = [];
    const second = createSecondRunner(t.database.db);
    const manager = createTriggerManager({
      db: t.database.db,
      flows: createFlowsRepository(t.database.db),
      clock,
      runner: second.runner,
      onError: (error, context) => errors.push(`${context}: ${(error as Error).message}`),
    });
    await manager.start();
    try {
      await until(() => errors.length === 1, 'o aviso do agendamento sem disparo');
      expect(errors[0]).toMatch(
        /^agendamento: O agendamento ".+" do flow .+ não tem disparo nos próximos meses com os dias escolhidos; o Ponte procura de novo em um dia\.$/,
      );
      // Still counted as armed, with its re-check on the clock.
      expect(manager.scheduledCount(account.workspaceId)).toBe(1);
      expect(clock.pending()).toBe(1);
      await clock.advance(day);
      await until(() => errors.length === 2, 'a nova procura um dia depois');
      expect(clock.pending()).toBe(1);
    } finally {
      manager.stop();
      await second.close();
    }
  });
});
