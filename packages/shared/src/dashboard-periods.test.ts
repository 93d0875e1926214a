import { describe, expect, it } from 'vitest';
import {
  bucketStarts,
  formatApiDate,
  histogramInterval,
  parsePeriodType,
  resolvePeriod,
  resolveWidgetPeriod,
} from './dashboard-periods';
import { newWidget } from './dashboards.schema';

describe('dashboard periods', () => {
  // 2026-11-24 01:30 in São Paulo (UTC-3) is 04:30 UTC.
  const now = new Date('2026-11-24T04:30:15.750Z');

  it('writes dates as YYYY-MM-DDTHH:mm:ssZ', () => {
    expect(formatApiDate(now)).toBe('2026-11-24T04:30:15Z');
  });

  it('takes today as the whole day in São Paulo, not in UTC', () => {
    const today = resolvePeriod('today', now)!;
    expect(formatApiDate(today.start)).toBe('2026-11-24T03:00:00Z');
    expect(formatApiDate(today.end)).toBe('2026-11-25T02:59:59Z');
    const lateUtc = resolvePeriod('today', new Date('2026-11-25T01:00:00Z'))!;
    expect(formatApiDate(lateUtc.start)).toBe('2026-11-24T03:00:00Z');
  });

  it('counts N days back from now', () => {
    expect(parsePeriodType('15_day')).toEqual({ count: 15, unit: 'day' });
    const week = resolvePeriod('7_day', now)!;
    expect(formatApiDate(week.start)).toBe('2026-11-17T04:30:15Z');
    expect(formatApiDate(week.end)).toBe('2026-11-24T04:30:15Z');
  });

  it('follows the view for "dashboard" and uses its own dates for "custom"', () => {
    const view = resolvePeriod('30_day', now)!;
    const widget = newWidget('log_count');
    expect(resolveWidgetPeriod(widget.config, view, now)).toBe(view);
    const custom = resolveWidgetPeriod(
      {
        ...widget.config,
        periodType: 'custom',
        start_date: '2026-01-01T00:00:00Z',
        end_date: '2026-01-02T00:00:00Z',
      },
      view,
      now,
    );
    expect(custom.start.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('buckets by minute for an hour, by hour for a day and by day for a month', () => {
    const hour = { start: new Date('2026-11-24T03:00:00Z'), end: new Date('2026-11-24T03:59:59Z') };
    expect(histogramInterval(hour)).toBe('minute');
    expect(bucketStarts(hour, 'minute')).toHaveLength(60);
    const day = resolvePeriod('today', now)!;
    expect(histogramInterval(day)).toBe('hour');
    const hours = bucketStarts(day, 'hour');
    expect(hours).toHaveLength(24);
    expect(new Date(hours[0]!).toISOString()).toBe('2026-11-24T03:00:00.000Z');
    const month = resolvePeriod('30_day', now)!;
    expect(histogramInterval(month)).toBe('day');
    const days = bucketStarts(month, 'day');
    expect(days).toHaveLength(31);
    expect(new Date(days[0]!).toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('gives a new widget the spec place and default label', () => {
    const widget = newWidget('execution_count');
    expect(widget).toMatchObject({ x: 0, y: 1000, w: 2, minW: 2, h: 2 });
    expect(widget.id).toMatch(/^widget-[a-z0-9]{12}$/);
    expect(widget.config.label).toBe('Execuções');
    expect(newWidget('execution_time').config.label).toBe('Tempo médio de execução');
  });
});
