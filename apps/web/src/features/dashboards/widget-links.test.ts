import { describe, expect, it } from 'vitest';
import type { ViewPeriod } from '@ponte/shared/dashboards.schema';
import { widget, widgets } from './view-test-fixtures';
import { widgetMonitoringLink } from './widget-links';
import { formatBucket } from './widget-formats';

const now = new Date('2026-11-24T15:00:00Z');
const today: ViewPeriod = { periodType: 'today', start_date: null, end_date: null };
const filtersOf = (link: string | null) =>
  JSON.parse(new URL(link!, 'http://localhost').searchParams.get('filters')!) as unknown;

describe('widgetMonitoringLink', () => {
  it("uses the logs page's own alias for a rolling period", () => {
    const week = widget('widget-w', 'log_count', { search_term: 'timeout', periodType: '7_day' });
    expect(filtersOf(widgetMonitoringLink(week, today, now))).toEqual({
      date_alias: '7d',
      search: 'timeout',
    });
  });

  it("follows the view's period when the widget follows the dashboard", () => {
    const view: ViewPeriod = {
      periodType: 'custom',
      start_date: '2026-11-01T11:00:00Z',
      end_date: '2026-11-02T21:30:00Z',
    };
    expect(filtersOf(widgetMonitoringLink(widgets.logs, view, now))).toEqual({
      date_alias: 'custom',
      from: '2026-11-01T08:00:00-03:00',
      to: '2026-11-02T18:30:00-03:00',
      flow: 'f1',
      search: 'timeout',
    });
  });

  it('opens the completed executions for an execution count, and nothing for the others', () => {
    expect(widgetMonitoringLink(widgets.count, today, now)).toBe('/monitoring/completed');
    expect(widgetMonitoringLink(widgets.time, today, now)).toBeNull();
    expect(widgetMonitoringLink(widgets.list, today, now)).toBeNull();
  });
});

describe('formatBucket', () => {
  it('labels buckets by their size, in São Paulo time', () => {
    const key = Date.UTC(2026, 10, 1, 3); // 01/11/2026 00:00 in São Paulo
    expect(formatBucket(key, 'hour')).toBe('00:00');
    expect(formatBucket(key, 'day')).toBe('01/11');
    expect(formatBucket(key, 'month')).toBe('nov/2026');
  });
});
