import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Period } from '@ponte/shared/dashboard-periods';
import { widgetConfigSchema, type WidgetConfigInput } from '@ponte/shared/dashboards.schema';
import type { DatabaseHandle } from '../../db/client';
import { aiTokenUsage, customers, workspaces } from '../../db/schema';
import { createTestDatabase, describeEachDriver } from '../../test/test-database';
import { aiTokensHistogramQuery, aiTokensQuery } from './ai-token-widgets';
import type { WidgetQuery } from './widget-query';

const at = (iso: string) => new Date(iso);
/** 8 to 11 March 2026 in São Paulo (UTC−3). */
const days: Period = { start: at('2026-03-08T03:00:00Z'), end: at('2026-03-12T02:59:59Z') };

/** One model answer of a workspace's flow at `createdAt`. */
const use = (
  workspaceId: string,
  createdAt: string,
  tokensIn: number,
  tokensOut: number,
  flowId = 'flow-1',
) => ({
  workspaceId,
  executionId: 'exec-1',
  flowId,
  provider: 'openai',
  model: 'gpt-4o-mini',
  tokensIn,
  tokensOut,
  createdAt: at(createdAt),
});

describeEachDriver("the 'Tokens de IA' widgets", (driver) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(driver);
    await handle.db.insert(customers).values({ id: 'c', name: 'Cliente' });
    await handle.db.insert(workspaces).values([
      { id: 'ws-a', customerId: 'c', name: 'A' },
      { id: 'ws-b', customerId: 'c', name: 'B' },
    ]);
    await handle.db.insert(aiTokenUsage).values([
      // 9 March in São Paulo (02:30 UTC of the 10th is still the 9th there).
      use('ws-a', '2026-03-09T15:00:00Z', 100, 20),
      use('ws-a', '2026-03-10T02:30:00Z', 50, 5),
      // 10 March, one of another flow.
      use('ws-a', '2026-03-10T03:30:00Z', 1000, 200, 'flow-2'),
      // Before the period, and another workspace's: never counted.
      use('ws-a', '2026-03-08T02:59:59Z', 7000, 7000),
      use('ws-b', '2026-03-09T15:00:00Z', 9000, 9000),
    ]);
  });
  afterAll(() => handle.close());

  const run = (query: WidgetQuery, config: WidgetConfigInput = {}) =>
    query(
      { db: handle.db, workspaceId: 'ws-a', period: days, page: 1, now: days.end },
      { id: 'widget-1', type: 'ai_tokens', config: widgetConfigSchema.parse(config) },
    );

  it('sums the tokens in and out of the workspace in the period, optionally of one flow', async () => {
    expect(await run(aiTokensQuery)).toEqual({
      kind: 'value',
      value: 1375,
      tokens: { entrada: 1150, saida: 225 },
    });
    expect(await run(aiTokensQuery, { flow_id: 'flow-1' })).toEqual({
      kind: 'value',
      value: 175,
      tokens: { entrada: 150, saida: 25 },
    });
    expect(await run(aiTokensQuery, { flow_id: 'flow-9' })).toEqual({
      kind: 'value',
      value: 0,
      tokens: { entrada: 0, saida: 0 },
    });
  });

  it('gives the tokens of each São Paulo day of the period, empty days with 0', async () => {
    expect(await run(aiTokensHistogramQuery)).toEqual({
      kind: 'timeseries',
      interval: 'day',
      timeseries: [
        { key: Date.parse('2026-03-08T03:00:00Z'), doc_count: 0 },
        { key: Date.parse('2026-03-09T03:00:00Z'), doc_count: 175 },
        { key: Date.parse('2026-03-10T03:00:00Z'), doc_count: 1200 },
        { key: Date.parse('2026-03-11T03:00:00Z'), doc_count: 0 },
      ],
    });
  });
});
