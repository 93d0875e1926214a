import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { histogramInterval } from '@ponte/shared/dashboard-periods';
import type { WidgetConfig } from '@ponte/shared/dashboards.schema';
import { aiTokenUsage } from '../../db/schema';
import { bucketKeySql, filledTimeseries } from './widget-buckets';
import { periodEndExclusive, type WidgetQuery, type WidgetQueryContext } from './widget-query';
import { ofFlowsWithin } from '../../lib/group-access/group-scope';

/**
 * The AI tokens widgets (docs/adr/0101): the model answers of the workspace counted in the
 * period (by when they came), optionally of one flow.
 */
function usageWhere(context: WidgetQueryContext, config: WidgetConfig): SQL {
  const conditions: SQL[] = [
    eq(aiTokenUsage.workspaceId, context.workspaceId),
    gte(aiTokenUsage.createdAt, context.period.start),
    lt(aiTokenUsage.createdAt, periodEndExclusive(context.period)),
  ];
  if (config.flow_id) conditions.push(eq(aiTokenUsage.flowId, config.flow_id));
  const within = ofFlowsWithin(aiTokenUsage.flowId, context.within);
  if (within) conditions.push(within);
  return and(...conditions)!;
}

/** ai_tokens: the tokens in and out of the period; the value is their sum. */
export const aiTokensQuery: WidgetQuery = async (context, { config }) => {
  const [row] = await context.db
    .select({
      entrada: sql<string>`coalesce(sum(${aiTokenUsage.tokensIn}), 0)`,
      saida: sql<string>`coalesce(sum(${aiTokenUsage.tokensOut}), 0)`,
    })
    .from(aiTokenUsage)
    .where(usageWhere(context, config));
  const tokens = { entrada: Number(row?.entrada ?? 0), saida: Number(row?.saida ?? 0) };
  return { kind: 'value', value: tokens.entrada + tokens.saida, tokens };
};

/** ai_tokens_histogram: the tokens (in and out) per bucket of the period, empty ones with 0. */
export const aiTokensHistogramQuery: WidgetQuery = async (context, { config }) => {
  const interval = histogramInterval(context.period);
  const key = bucketKeySql(aiTokenUsage.createdAt, interval);
  const rows = await context.db
    .select({ key, n: sql<string>`sum(${aiTokenUsage.tokensIn} + ${aiTokenUsage.tokensOut})` })
    .from(aiTokenUsage)
    .where(usageWhere(context, config))
    .groupBy(sql`1`);
  return filledTimeseries(context.period, interval, rows);
};
