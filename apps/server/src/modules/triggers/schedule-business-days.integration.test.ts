import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import { scheduleTicks } from '../../db/schema';
import { chain, createFlow, executionsOf } from '../../test/flow-fixtures';
import { createSecondRunner } from '../../test/second-runner';
import type { TestAccount } from '../../test/test-app';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createFlowsRepository } from '../flows/flows.repository';
import { createManualClock } from './timer-clock';
import { createTriggerManager } from './trigger-manager';

const day = 86_400_000;
/** Monday 30 November 2026, 10:00 in São Paulo: past that day's 09:00. */
const start = Date.parse('2026-11-30T13:00:00.000Z');

const at9 = (params: Record<string, unknown>) =>
  chain(
    { type: 'core_schedule_trigger', params: { cron: '0 0 9 * * *', ...params } },
    { type: 'core_log', params: { label: 'Tick', message: '{{ msg.payload.scheduled_at }}' } },
  );

describeEachDriver('schedules on business days', (driver) => {
  const clock = createManualClock(start);
  const t = useTestApp(driver, { triggerClock: clock });

  /** The ticks that started an execution, as days in UTC. */
  const firedDays = async (flowId: string) =>
    (await t.database.db.select().from(scheduleTicks).where(eq(scheduleTicks.flowId, flowId)))
      .filter((tick) => tick.executionId)
      .map((tick) => tick.tickAt.toISOString())
      .sort();

  const disable = async (account: TestAccount, flowId: string) => {
    const api = t.request(account.token);
    const flow = (await api.get(`/api/v1/flows/${flowId}`)).json() as Record<string, unknown>;
    expect((await api.put(`/api/v1/flows/${flowId}`, { ...flow, enabled: false })).statusCode).toBe(
      200,
    );
  };

  it('runs "No 5º dia útil" once in December 2026, on the 7th, and skips Christmas on business days', async () => {
    const account = await t.createAccount();
    const fifth = await createFlow(t, account, at9({ days: 'nth_business', nth_business_day: 5 }));
    const business = await createFlow(t, account, at9({ days: 'business', place: 'BR' }));
    // Saved before 'Dias' existed: fires on Christmas as it always did.
    const old = await createFlow(t, account, at9({ cron: '0 0 9 25 12 *' }));

    // To 31 December, 10:00 in São Paulo, a day at a time: the app's schedules ask the
    // workspace's holidays of the database before arming again (docs/adr/0121).
    await until(() => clock.pending() >= 3, 'os três agendamentos armados');
    const armed = clock.pending();
    for (let d = 0; d < 31; d++) {
      await clock.advance(day);
      await until(() => clock.pending() >= armed, `os agendamentos armados no dia ${d + 1}`);
    }
    const businessDays = await until(async () => {
      const fired = await firedDays(business);
      return fired.length === 22 && fired;
    }, 'os 22 dias úteis de dezembro');
    expect(businessDays).not.toContain('2026-12-25T12:00:00.000Z');
    expect(businessDays.slice(-5)).toEqual([
      '2026-12-24T12:00:00.000Z',
      '2026-12-28T12:00:00.000Z',
      '2026-12-29T12:00:00.000Z',
      '2026-12-30T12:00:00.000Z',
      '2026-12-31T12:00:00.000Z',
    ]);
    expect(
      await until(
        async () => (await firedDays(fifth)).length === 1 && firedDays(fifth),
        'o 5º dia útil',
      ),
    ).toEqual(['2026-12-07T12:00:00.000Z']);
    expect(
      await until(async () => (await firedDays(old)).length === 1 && firedDays(old), 'o Natal'),
    ).toEqual(['2026-12-25T12:00:00.000Z']);
    await until(async () => {
      const rows = [...(await executionsOf(t, business)), ...(await executionsOf(t, fifth))];
      return rows.length === 23 && rows.every((row) => row.endedAt);
    }, 'as execuções de dezembro');
    expect((await executionsOf(t, fifth)).map((row) => row.status)).toEqual(['success']);
    for (const flowId of [fifth, business, old]) await disable(account, flowId);
  });

  it('counts the workspace’s own holidays, even one added after the tick was armed', async () => {
    const account = await t.createAccount();
    const fifth = await createFlow(t, account, at9({ days: 'nth_business', nth_business_day: 5 }));
    // Another process, on its own clock, given the workspace's holidays.
    const own = createManualClock(start);
    let holidays: WorkspaceHoliday[] = [];
    const second = createSecondRunner(t.database.db);
    const manager = createTriggerManager({
      db: t.database.db,
      flows: createFlowsRepository(t.database.db),
      clock: own,
      runner: second.runner,
      workspaceHolidays: () => Promise.resolve(holidays),
    });
    await second.runner.start();
    await manager.start();
    try {
      await until(() => own.pending() > 0, 'o agendamento armado');
      // Armed for the 7th; then the workspace adds a holiday on the 2nd: the 5th business day
      // is now the 8th.
      holidays = [{ date: '2026-12-02', name: 'Inventário', recurring: false }];
      await own.advance(9 * day);
      expect(
        await until(
          async () => (await firedDays(fifth)).length === 1 && firedDays(fifth),
          'o dia 8',
        ),
      ).toEqual(['2026-12-08T12:00:00.000Z']);
      await until(async () => {
        const rows = await executionsOf(t, fifth);
        return rows.length === 1 && rows[0]!.endedAt;
      }, 'a execução do dia 8');
    } finally {
      manager.stop();
      await second.close();
    }
  });
});
