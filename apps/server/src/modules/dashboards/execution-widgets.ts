import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { histogramInterval } from '@ponte/shared/dashboard-periods';
import type { WidgetConfig } from '@ponte/shared/dashboards.schema';
import { executions, type ExecutionStatus } from '../../db/schema';
import { finishedStatuses } from '../executions/executions.repository';
import { bucketKeySql, filledTimeseries } from './widget-buckets';
import { periodEndExclusive, type WidgetQuery, type WidgetQueryContext } from './widget-query';
import { ofFlowsWithin } from '../../lib/group-access/group-scope';

/**
 * The statuses a widget counts (docs/adr/0047): every finished execution, as the completed
 * monitoring list shows them (debug ones included, like that list); `error` also counts
 * `crashed`, an execution the engine lost, which failed as much as one that threw.
 */
const statusesOf: Record<WidgetConfig['status'], ExecutionStatus[]> = {
  all: finishedStatuses,
  success: ['success'],
  error: ['error', 'crashed'],
};

/** The executions a widget reads: of the workspace, ended in the period, optionally of a flow. */
function executionsWhere(context: WidgetQueryContext, config: WidgetConfig): SQL {
  const conditions: SQL[] = [
    eq(executions.workspaceId, context.workspaceId),
    gte(executions.endedAt, context.period.start),
    lt(executions.endedAt, periodEndExclusive(context.period)),
    inArray(executions.status, statusesOf[config.status]),
  ];
  if (config.flow_id) conditions.push(eq(executions.flowId, config.flow_id));
  const within = ofFlowsWithin(executions.flowId, context.within);
  if (within) conditions.push(within);
  return and(...conditions)!;
}

/** execution_count: how many executions ended in the period. */
export const executionCountQuery: WidgetQuery = async (context, { config }) => {
  const [row] = await context.db
    .select({ n: sql<number>`count(*)::int` })
    .from(executions)
    .where(executionsWhere(context, config));
  return { kind: 'value', value: Number(row?.n ?? 0) };
};

/** execution_histogram: those executions per bucket of `ended_at`, empty buckets with 0. */
export const executionHistogramQuery: WidgetQuery = async (context, { config }) => {
  const interval = histogramInterval(context.period);
  const key = bucketKeySql(executions.endedAt, interval);
  const rows = await context.db
    .select({ key, n: sql<number>`count(*)::int` })
    .from(executions)
    .where(executionsWhere(context, config))
    .groupBy(sql`1`);
  return filledTimeseries(context.period, interval, rows);
};

const aggregates = {
  avg: sql<string | null>`round(avg(${executions.durationMs}))::bigint`,
  min: sql<string | null>`min(${executions.durationMs})`,
  max: sql<string | null>`max(${executions.durationMs})`,
};

/** execution_time: avg (whole ms), min or max of `duration_ms`; null when none ended. */
export const executionTimeQuery: WidgetQuery = async (context, { config }) => {
  const [row] = await context.db
    .select({ value: aggregates[config.time_type] })
    .from(executions)
    .where(executionsWhere(context, config));
  const value = row?.value;
  return {
    kind: 'value',
    value: value === null || value === undefined ? null : Number(value),
    unit: 'ms',
  };
};
