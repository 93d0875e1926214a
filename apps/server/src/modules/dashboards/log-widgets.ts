import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { histogramInterval } from '@ponte/shared/dashboard-periods';
import type { ListColumn, WidgetConfig } from '@ponte/shared/dashboards.schema';
import { limits } from '@ponte/shared/limits';
import { logs } from '../../db/schema';
import { containsFolded } from '../../lib/list-query';
import { bucketKeySql, filledTimeseries } from './widget-buckets';
import { periodEndExclusive, type WidgetQuery, type WidgetQueryContext } from './widget-query';
import { ofFlowsWithin } from '../../lib/group-access/group-scope';

/** Periods up to a day: see `logsWhere`. */
const shortPeriodMs = 86_400_000;

/**
 * The logs a widget reads (docs/adr/0047): of the workspace, created in the period, optionally
 * of a flow, of every type (the monitoring logs page shows all types by default), whose
 * `search_field` contains `search_term`, case and accents aside, `%` and `_` taken literally. An
 * empty term matches every log.
 */
function logsWhere(context: WidgetQueryContext, config: WidgetConfig): SQL {
  const conditions: SQL[] = [
    eq(logs.workspaceId, context.workspaceId),
    gte(logs.createdAt, context.period.start),
    lt(logs.createdAt, periodEndExclusive(context.period)),
  ];
  if (config.flow_id) conditions.push(eq(logs.flowId, config.flow_id));
  const within = ofFlowsWithin(logs.flowId, context.within);
  if (within) conditions.push(within);
  const term = config.search_term.trim();
  if (term) {
    const field = config.search_field === 'label' ? logs.label : logs.message;
    // A day or less is read through the time index and filtered: the trigram index of a term
    // made of common trigrams costs more than the day's rows (bench/RESULTS.md, 2026-11-24).
    // `|| ''` keeps the planner off the trigram index; longer periods still use it.
    const short = context.period.end.getTime() - context.period.start.getTime() <= shortPeriodMs;
    conditions.push(containsFolded(short ? sql`(${field} || '')` : field, term));
  }
  return and(...conditions)!;
}

/** How many matching logs, counting stops at `limits.totalCap` (the monitoring page's cap). */
async function cappedCount(context: WidgetQueryContext, where: SQL): Promise<number> {
  const capped = context.db
    .select({ one: sql`1` })
    .from(logs)
    .where(where)
    .limit(limits.totalCap)
    .as('capped');
  const [row] = await context.db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}

/** log_count: how many logs match; exact, since a count widget is the number itself. */
export const logCountQuery: WidgetQuery = async (context, { config }) => {
  const [row] = await context.db
    .select({ n: sql<number>`count(*)::int` })
    .from(logs)
    .where(logsWhere(context, config));
  return { kind: 'value', value: Number(row?.n ?? 0) };
};

/** log_histogram: the matching logs per bucket of `created_at`, empty buckets with 0. */
export const logHistogramQuery: WidgetQuery = async (context, { config }) => {
  const interval = histogramInterval(context.period);
  const rows = await context.db
    .select({ key: bucketKeySql(logs.createdAt, interval), n: sql<number>`count(*)::int` })
    .from(logs)
    .where(logsWhere(context, config))
    .groupBy(sql`1`);
  return filledTimeseries(context.period, interval, rows);
};

/** The headers of log_list's columns (pt-BR, shown as written). */
const columnLabels = { createdAt: 'Data', label: 'Rótulo', message: 'Mensagem' };

function logColumns(config: WidgetConfig): ListColumn[] {
  const texts = columnLabels;
  const columns: ListColumn[] = [];
  if (config.show_column_created_at)
    columns.push({ key: 'created_at', label: texts.createdAt, type: 'date' });
  if (config.show_log_label) columns.push({ key: 'label', label: texts.label, type: 'text' });
  if (config.show_column_message)
    columns.push({ key: 'message', label: texts.message, type: 'text' });
  return columns;
}

/**
 * log_list: one page of the matching logs, newest first. `total` stops at `limits.totalCap`
 * like the monitoring logs page; a page past the last shows the last one.
 */
export const logListQuery: WidgetQuery = async (context, { config }) => {
  const where = logsWhere(context, config);
  const size = config.show_per_page;
  const total = await cappedCount(context, where);
  const totalPages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, context.page), totalPages);
  const rows = await context.db
    .select()
    .from(logs)
    .where(where)
    .orderBy(desc(logs.createdAt), desc(logs.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    kind: 'list',
    items: rows.map((row) => ({
      _id: String(row.id),
      flow_id: row.flowId,
      execution_id: row.executionId,
      type: row.type,
      created_at: row.createdAt.toISOString(),
      label: row.label,
      message: row.message,
    })),
    page,
    show_per_page: size,
    total,
    total_pages: totalPages,
    columns: logColumns(config),
  };
};
