import {
  periodIssue,
  resolveViewPeriod,
  resolveWidgetPeriod,
  type Period,
} from '@ponte/shared/dashboard-periods';
import type {
  DashboardQueryBody,
  DashboardQueryResult,
  WidgetQueryItem,
  WidgetResult,
  WidgetType,
} from '@ponte/shared/dashboards.schema';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { aiTokensHistogramQuery, aiTokensQuery } from './ai-token-widgets';
import { databaseListQuery } from './database-list-widget';
import type { DashboardsService } from './dashboards.service';
import {
  executionCountQuery,
  executionHistogramQuery,
  executionTimeQuery,
} from './execution-widgets';
import { logCountQuery, logHistogramQuery, logListQuery } from './log-widgets';
import { WidgetQueryError, type WidgetQuery } from './widget-query';
import { withWidgetTimeout } from './widget-query-bounds';
import type { GroupLimit } from '../../lib/group-access/group-scope';

const m = messages.dashboards;

/** Widgets of one query running at once: never more, however many the dashboard has. */
export const widgetConcurrency = 4;

const none: WidgetQuery = async () => ({ kind: 'none' });

/** The query of each widget type (text_html needs none: its HTML is in its config). */
export const widgetQueries: Record<WidgetType, WidgetQuery> = {
  text_html: none,
  execution_count: executionCountQuery,
  execution_histogram: executionHistogramQuery,
  execution_time: executionTimeQuery,
  log_count: logCountQuery,
  log_list: logListQuery,
  log_histogram: logHistogramQuery,
  database_list: databaseListQuery,
  ai_tokens: aiTokensQuery,
  ai_tokens_histogram: aiTokensHistogramQuery,
};

export interface DashboardQueryDeps {
  db: Database;
  now: () => Date;
  dashboards: Pick<DashboardsService, 'rowOf'>;
  log: { error(details: object, message: string): void };
  /** Tests swap queries or shorten the timeout. */
  queries?: Partial<Record<WidgetType, WidgetQuery>>;
  timeoutMs?: number;
}

/** The dashboard's own period: top-level fields, else `viewOptions`, else today. */
function viewPeriodOf(body: DashboardQueryBody, now: Date): Period {
  if (body.periodType)
    return resolveViewPeriod(
      { periodType: body.periodType, start_date: body.start_date, end_date: body.end_date },
      now,
    );
  return resolveViewPeriod(body.viewOptions, now);
}

/** A widget's period: both its dates when sent, else from its config and the view's. */
function widgetPeriodOf(item: WidgetQueryItem, view: Period, now: Date): Period {
  if (item.start_date && item.end_date)
    return { start: new Date(item.start_date), end: new Date(item.end_date) };
  return resolveWidgetPeriod(item.config, view, now);
}

/**
 * POST /api/v1/dashboards/query (spec 2 §7, docs/adr/0046): each widget's result, keyed by its
 * id. One widget's failure is its own `{kind:'error'}`; the others still answer.
 */
export function createDashboardQueryService(deps: DashboardQueryDeps) {
  const queries = { ...widgetQueries, ...deps.queries };

  async function runOne(
    workspaceId: string,
    item: WidgetQueryItem,
    view: Period,
    page: number,
    now: Date,
    within: GroupLimit,
  ): Promise<WidgetResult> {
    const period = widgetPeriodOf(item, view, now);
    const issue = periodIssue(period);
    if (issue)
      return { kind: 'error', error: issue === 'inverted' ? m.periodInverted : m.periodTooLong };
    if (item.type === 'text_html') return { kind: 'none' };
    try {
      return await withWidgetTimeout(
        deps.db,
        (tx) => queries[item.type]({ db: tx, workspaceId, period, page, now, within }, item),
        deps.timeoutMs,
      );
    } catch (error) {
      if (error instanceof WidgetQueryError) return { kind: 'error', error: error.message };
      deps.log.error(
        { err: error, widget: item.id, type: item.type },
        'dashboard widget query failed',
      );
      return { kind: 'error', error: m.queryFailed };
    }
  }

  return {
    /** `within`: a member limited to some groups sees only their flows and tables (docs/adr/0109). */
    async query(
      workspaceId: string,
      body: DashboardQueryBody,
      within?: GroupLimit,
    ): Promise<DashboardQueryResult> {
      if (body.id) await deps.dashboards.rowOf(workspaceId, body.id);
      const now = deps.now();
      const view = viewPeriodOf(body, now);
      const result: DashboardQueryResult = {};
      let next = 0;
      const worker = async () => {
        while (next < body.data.length) {
          const item = body.data[next++]!;
          const page = body.widgetUserOptions?.[item.id]?.page ?? 1;
          result[item.id] = await runOne(workspaceId, item, view, page, now, within);
        }
      };
      const workers = Math.min(widgetConcurrency, body.data.length);
      await Promise.all(Array.from({ length: workers }, worker));
      return result;
    },
  };
}

export type DashboardQueryService = ReturnType<typeof createDashboardQueryService>;
