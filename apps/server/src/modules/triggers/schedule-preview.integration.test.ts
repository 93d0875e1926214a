import { expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

describeEachDriver('schedule preview', (driver) => {
  const t = useTestApp(driver);

  it("gives a schedule's next firing times in its time zone", async () => {
    const api = t.request((await t.createAccount()).token);
    const answer = await api.post('/engine/schedule/next-runs', {
      params: { cron: '0 0 9 * * *', timezone: 'America/Sao_Paulo' },
      from: '2026-12-23T15:00:00.000Z',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      runs: [
        '2026-12-24T12:00:00.000Z',
        '2026-12-25T12:00:00.000Z',
        '2026-12-26T12:00:00.000Z',
        '2026-12-27T12:00:00.000Z',
        '2026-12-28T12:00:00.000Z',
      ],
      problem: null,
    });
  });

  it("passes over the days a business-day schedule refuses, the workspace's own holidays too", async () => {
    const api = t.request((await t.createAccount()).token);
    const preview = async () =>
      (
        await api.post('/engine/schedule/next-runs', {
          params: { cron: '0 0 9 * * *', days: 'nth_business', place: 'SP', nth_business_day: 5 },
          from: '2026-11-30T15:00:00.000Z',
        })
      ).json() as { runs: string[] };
    // The 5th business day of December 2026 is Monday the 7th; of January 2027, Friday the 8th.
    expect((await preview()).runs.slice(0, 2)).toEqual([
      '2026-12-07T12:00:00.000Z',
      '2027-01-08T12:00:00.000Z',
    ]);
    const holiday = await api.post('/api/v1/holidays', {
      date: '2026-12-04',
      name: 'Aniversário da empresa',
      recurring: false,
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    expect((await preview()).runs[0]).toBe('2026-12-08T12:00:00.000Z');

    const weekdays = await api.post('/engine/schedule/next-runs', {
      params: { cron: '0 0 9 * * *', days: 'business', place: 'BR' },
      from: '2026-12-23T15:00:00.000Z',
    });
    // Christmas is passed over; Christmas Eve is a business day.
    expect(weekdays.json().runs).toEqual([
      '2026-12-24T12:00:00.000Z',
      '2026-12-28T12:00:00.000Z',
      '2026-12-29T12:00:00.000Z',
      '2026-12-30T12:00:00.000Z',
      '2026-12-31T12:00:00.000Z',
    ]);
  });

  it('says why a schedule has none to show', async () => {
    const api = t.request((await t.createAccount()).token);
    const bad = await api.post('/engine/schedule/next-runs', { params: { cron: '0 9 * *' } });
    expect(bad.json()).toEqual({
      runs: [],
      problem: expect.stringContaining('Expressão cron inválida'),
    });
    const later = await api.post('/engine/schedule/next-runs', {
      params: { cron: '{{ vars.HORARIO }}' },
    });
    expect(later.json().problem).toContain('usa expressões');
  });

  it('answers only a signed-in person', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/engine/schedule/next-runs',
      payload: { params: { cron: '* * * * *' } },
    });
    expect(answer.statusCode).toBe(401);
  });
});
