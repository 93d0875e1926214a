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
