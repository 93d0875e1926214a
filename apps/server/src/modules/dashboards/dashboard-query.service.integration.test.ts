import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase, describeEachDriver } from '../../test/test-database';
import { createDashboardQueryService, type DashboardQueryDeps } from './dashboard-query.service';
import { WidgetQueryError, type WidgetQuery } from './widget-query';

const m = messages.dashboards;

describeEachDriver('dashboard query service', (driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database.close();
  });

  const errors: object[] = [];
  const service = (queries: DashboardQueryDeps['queries'], timeoutMs?: number) =>
    createDashboardQueryService({
      db: database.db,
      now: () => new Date('2026-11-24T15:00:00Z'),
      dashboards: { rowOf: async () => Promise.reject(new Error('not used')) },
      log: { error: (details) => errors.push(details) },
      queries,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  const item = (id: string, type: 'log_count' | 'execution_count' | 'log_list') => ({
    id,
    type,
    config: {} as never,
  });

  it('isolates each failure: a refusal shows its text, anything else the generic one, logged', async () => {
    errors.length = 0;
    const result = await service({
      log_count: async () => {
        throw new WidgetQueryError('Recusado.');
      },
      execution_count: async () => {
        throw new Error('/srv/ponte/segredo.ts: boom');
      },
      log_list: async ({ page, period }) => ({
        kind: 'value',
        value: page * 1000 + (period.end.getTime() - period.start.getTime()) / 3_600_000,
      }),
    }).query('w1', {
      data: [
        item('widget-a', 'log_count'),
        item('widget-b', 'execution_count'),
        item('widget-c', 'log_list'),
      ],
      periodType: '1_day',
      widgetUserOptions: { 'widget-c': { page: 3 } },
    });
    expect(result).toEqual({
      'widget-a': { kind: 'error', error: 'Recusado.' },
      'widget-b': { kind: 'error', error: m.queryFailed },
      'widget-c': { kind: 'value', value: 3024 },
    });
    expect(errors).toHaveLength(1);
  });

  it('runs at most four widgets at once and answers all of them', async () => {
    let running = 0;
    let most = 0;
    const counting: WidgetQuery = async () => {
      running++;
      most = Math.max(most, running);
      // Holds the widget while others may start (until five run, which must never happen).
      for (let turn = 0; turn < 2000 && running <= 4; turn++)
        await new Promise((resolve) => setImmediate(resolve));
      running--;
      return { kind: 'value', value: 1 };
    };
    const data = Array.from({ length: 10 }, (_, i) => item(`widget-${i}`, 'log_count'));
    const result = await service({ log_count: counting }).query('w1', { data });
    expect(Object.keys(result)).toHaveLength(10);
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThanOrEqual(1);
  });

  it('turns a statement past the timeout into the timeout text', async () => {
    const slow: WidgetQuery = async ({ db }) => {
      await db.execute(sql`select pg_sleep(2)`);
      return { kind: 'value', value: 1 };
    };
    const result = await service({ log_count: slow }, 50).query('w1', {
      data: [item('widget-a', 'log_count')],
    });
    expect(result).toEqual({ 'widget-a': { kind: 'error', error: m.queryTimeout } });
  });
});
