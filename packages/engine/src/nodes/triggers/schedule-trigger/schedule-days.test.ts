import { describe, expect, it } from 'vitest';
import { nthBusinessDay } from '@ponte/shared/brazil/calendar/calendar';
import { nextRuns, validateSchedule } from './schedule';
import { scheduleDayAllows } from './schedule-days';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const at9 = { cron: '0 0 9 * * *' };

describe('the schedule’s days', () => {
  it('keeps a schedule saved without them firing every day, holidays included', () => {
    // Christmas 2026 is a Friday: an old daily schedule still fires on it.
    expect(iso(nextRuns(at9, new Date('2026-12-24T13:00:00Z'), 2))).toEqual([
      '2026-12-25T12:00:00.000Z',
      '2026-12-26T12:00:00.000Z',
    ]);
    expect(scheduleDayAllows(at9, new Date('2026-12-25T12:00:00Z'), [])).toBe(true);
  });

  it('skips weekends and holidays with "Somente dias úteis"', () => {
    const params = { ...at9, days: 'business' };
    expect(iso(nextRuns(params, new Date('2026-12-23T13:00:00Z'), 3))).toEqual([
      '2026-12-24T12:00:00.000Z',
      '2026-12-28T12:00:00.000Z',
      '2026-12-29T12:00:00.000Z',
    ]);
    // São Paulo's 9 de julho (Thursday in 2026) is refused for SP only.
    const july9 = new Date('2026-07-09T12:00:00Z');
    expect(scheduleDayAllows({ ...params, place: 'SP' }, july9, [])).toBe(false);
    expect(scheduleDayAllows(params, july9, [])).toBe(true);
  });

  it('passes a refused day over whole, even for a cron of every minute', () => {
    const params = { cron: '0 * * * * *', days: 'business' };
    // Friday 2026-12-24 23:58 in São Paulo: then Christmas and the weekend are skipped.
    expect(iso(nextRuns(params, new Date('2026-12-25T02:58:00Z'), 3))).toEqual([
      '2026-12-25T02:59:00.000Z',
      '2026-12-28T03:00:00.000Z',
      '2026-12-28T03:01:00.000Z',
    ]);
  });

  it('fires only on the month’s N-th business day', () => {
    const params = { ...at9, days: 'nth_business', nth_business_day: 5 };
    // December 2026: 1st (Tue) to 4th, then Monday the 7th. January 2027 begins with a holiday.
    expect(iso(nextRuns(params, new Date('2026-11-30T12:00:00Z'), 3))).toEqual([
      '2026-12-07T12:00:00.000Z',
      '2027-01-08T12:00:00.000Z',
      '2027-02-05T12:00:00.000Z',
    ]);
    // The workspace's own holiday on 2 December moves the 5th business day to the 8th.
    const own = [{ date: '2026-12-02', name: 'Inventário', recurring: false }];
    expect(iso(nextRuns(params, new Date('2026-11-30T12:00:00Z'), 1, own))).toEqual([
      '2026-12-08T12:00:00.000Z',
    ]);
    expect(scheduleDayAllows(params, new Date('2026-12-07T12:00:00Z'), own)).toBe(false);
  });

  it('takes N as the panel shows it when the person left it alone (5)', () => {
    const params = { ...at9, days: 'nth_business' };
    expect(validateSchedule(params)).toBeNull();
    expect(iso(nextRuns(params, new Date('2026-11-30T12:00:00Z'), 1))).toEqual([
      '2026-12-07T12:00:00.000Z',
    ]);
  });

  it('skips the months that have fewer business days than N', () => {
    const params = { ...at9, days: 'nth_business', nth_business_day: 23 };
    const [run] = nextRuns(params, new Date('2026-11-30T12:00:00Z'), 1);
    const day = run!.toISOString().slice(0, 10);
    expect(nthBusinessDay(day.slice(0, 7), 23)).toBe(day);
  });

  it('finds N = 23 in São Paulo after more than 800 refused days', () => {
    // After October 2025, São Paulo's next month with 23 business days is December 2027; with
    // the workspace's own 31 December, March 2028 (29 months, about 880 days).
    const params = { cron: '0 0 9 * * *', days: 'nth_business', nth_business_day: 23 };
    const sp = { ...params, place: 'SP/São Paulo' };
    const from = new Date('2025-11-01T12:00:00Z');
    expect(iso(nextRuns(sp, from, 1))).toEqual(['2027-12-31T12:00:00.000Z']);
    const own = [{ date: '2025-12-31', name: 'Balanço', recurring: true }];
    expect(iso(nextRuns(sp, from, 1, own))).toEqual(['2028-03-31T12:00:00.000Z']);
    // A cron on the 1st only never meets the 5th business day: the search ends, none found.
    expect(
      nextRuns({ ...params, cron: '0 0 9 1 * *', nth_business_day: 5 }, new Date(), 1),
    ).toEqual([]);
  });

  it('explains a bad place or N in pt-BR', () => {
    expect(validateSchedule({ ...at9, days: 'business', place: 'SP/Campinas' })).toMatch(
      /^Município sem calendário: "Campinas"\./,
    );
    expect(validateSchedule({ ...at9, days: 'nth_business', nth_business_day: 30 })).toBe(
      'Informe o N-ésimo dia útil: um número inteiro de 1 a 23.',
    );
    expect(validateSchedule({ ...at9, days: 'all', place: 'XX' })).toBeNull();
  });
});
