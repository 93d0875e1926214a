import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { scheduleTicks } from '../../db/schema';
import { chain, createFlow } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createManualClock } from '../triggers/timer-clock';

const day = 86_400_000;
/** Monday 30 November 2026, 10:00 in São Paulo: past that day's 09:00. */
const start = Date.parse('2026-11-30T13:00:00.000Z');

describeEachDriver("the schedules count the workspace's own holidays", (driver) => {
  const clock = createManualClock(start);
  const t = useTestApp(driver, { triggerClock: clock });

  it('moves "No 5º dia útil" of December 2026 from the 7th to the 8th for a holiday on the 2nd', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const saved = await api.post('/api/v1/holidays', { date: '2026-12-02', name: 'Inventário' });
    expect(saved.statusCode, saved.body).toBe(201);
    // Another workspace's holiday on the 3rd changes nothing here.
    const other = t.request((await t.createAccount()).token);
    await other.post('/api/v1/holidays', { date: '2026-12-03', name: 'Alheio' });
    const flowId = await createFlow(
      t,
      account,
      chain(
        {
          type: 'core_schedule_trigger',
          params: { cron: '0 0 9 * * *', days: 'nth_business', nth_business_day: 5 },
        },
        { type: 'core_log', params: { label: 'Tick', message: 'quinto dia útil' } },
      ),
    );
    // Armed once the workspace's holidays are read (the 8th); then ten days pass.
    await until(() => clock.pending() > 0, 'o agendamento armado');
    await clock.advance(10 * day);
    const fired = await until(async () => {
      const ticks = await t.database.db
        .select()
        .from(scheduleTicks)
        .where(eq(scheduleTicks.flowId, flowId));
      const days = ticks.filter((tick) => tick.executionId).map((tick) => tick.tickAt);
      return days.length === 1 && days.map((at) => at.toISOString());
    }, 'o 5º dia útil');
    expect(fired).toEqual(['2026-12-08T12:00:00.000Z']);
    const flow = (await api.get(`/api/v1/flows/${flowId}`)).json() as Record<string, unknown>;
    await api.put(`/api/v1/flows/${flowId}`, { ...flow, enabled: false });
  });
});
