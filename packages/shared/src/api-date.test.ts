import { describe, expect, it } from 'vitest';
import { parseApiDate } from './api-date';
import { dashboardQueryBodySchema, widgetConfigSchema } from './dashboards.schema';

describe('dates of the API', () => {
  it('takes the offset moment writes for YYYY-MM-DDTHH:mm:ssZ as the same instant as UTC', () => {
    const zoned = dashboardQueryBodySchema.parse({
      data: [],
      periodType: 'custom',
      start_date: '2026-11-28T10:00:00-03:00',
      end_date: '2026-11-28T23:59:59-0300',
    });
    expect(zoned.start_date).toBe('2026-11-28T13:00:00Z');
    expect(zoned.end_date).toBe('2026-11-29T02:59:59Z');
    const utc = dashboardQueryBodySchema.parse({
      data: [],
      start_date: '2026-11-28T13:00:00Z',
    });
    expect(utc.start_date).toBe('2026-11-28T13:00:00Z');
  });

  it('compares a widget period by the instant, whatever offset each end was written in', () => {
    // 09:00 in São Paulo is after 11:00 in UTC+1: written as text, '09' < '11'.
    const config = widgetConfigSchema.parse({
      periodType: 'custom',
      start_date: '2026-11-28T11:00:00+01:00',
      end_date: '2026-11-28T09:00:00-03:00',
    });
    expect(config.start_date! < config.end_date!).toBe(true);
  });

  it('refuses texts that name no instant', () => {
    for (const value of [
      '2026-02-30T10:00:00Z',
      '2026-11-28T24:00:00Z',
      '2026-11-28 10:00:00Z',
      '2026-11-28T10:00:00',
      '2026-11-28T10:00:00-3:00',
      '28/11/2026 10:00:00',
    ]) {
      expect(parseApiDate(value), value).toBeNull();
      expect(dashboardQueryBodySchema.safeParse({ data: [], start_date: value }).success).toBe(
        false,
      );
    }
  });
});
