import { useCallback, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatApiDate,
  resolveViewPeriod,
  resolveWidgetPeriod,
} from '@ponte/shared/dashboard-periods';
import type {
  DashboardQueryBodyInput,
  DashboardQueryResult,
  ViewPeriod,
  Widget,
  WidgetQueryItem,
} from '@ponte/shared/dashboards.schema';
import { errorMessage } from '../../lib/api/api-error';
import { dashboardsQueryKey } from './api/get-dashboards';
import { queryDashboard } from './api/query-dashboard';

export interface DashboardResults {
  results: DashboardQueryResult;
  /** Until the first answer of the current widgets and period. */
  loading: boolean;
  refresh: () => void;
  /** A list widget's page: queried alone (spec 2 §7). */
  setPage: (widgetId: string, page: number) => void;
  /** A query is on its way (the first, a refresh or a page). */
  refreshing?: boolean;
  /** The whole query failed (each widget's own failure is in its result instead). */
  error?: string | null;
}

type QueriedWidget = Pick<Widget, 'id' | 'type' | 'config'>;

/** The view's period and each widget's, resolved now, as the query sends them. */
function queryBody(
  widgets: QueriedWidget[],
  period: ViewPeriod,
  dashboardId: string | undefined,
  pages: Record<string, number>,
): DashboardQueryBodyInput {
  const now = new Date();
  const view = resolveViewPeriod(period, now);
  const data: WidgetQueryItem[] = widgets.map(({ id, type, config }) => {
    const own = resolveWidgetPeriod(config, view, now);
    return {
      id,
      type,
      config,
      start_date: formatApiDate(own.start),
      end_date: formatApiDate(own.end),
    };
  });
  const widgetUserOptions = Object.fromEntries(
    widgets.filter(({ id }) => pages[id]).map(({ id }) => [id, { page: pages[id]! }]),
  );
  return {
    ...(dashboardId ? { id: dashboardId } : {}),
    data,
    periodType: period.periodType,
    start_date: formatApiDate(view.start),
    end_date: formatApiDate(view.end),
    ...(Object.keys(widgetUserOptions).length ? { widgetUserOptions } : {}),
  };
}

/**
 * The results of a dashboard's widgets for a period (spec 2 'Dashboards', §7): one query for
 * every widget with data (text_html needs none), again on any change of the widgets' configs
 * or of the period (not of their places on the grid). A list widget's page is queried alone
 * and merged in; a refresh keeps the pages shown.
 */
export function useDashboardResults(
  widgets: Widget[],
  period: ViewPeriod,
  dashboardId?: string,
): DashboardResults {
  const queryClient = useQueryClient();
  const queried = useMemo(
    () =>
      widgets
        .filter((widget) => widget.type !== 'text_html')
        .map(({ id, type, config }): QueriedWidget => ({ id, type, config })),
    [widgets],
  );
  // The pages shown, for the period they were asked in: another period starts on page 1.
  const pages = useRef<{ period: string; byWidget: Record<string, number> }>({
    period: '',
    byWidget: {},
  });
  const periodKey = JSON.stringify(period);
  const [paging, setPaging] = useState(0);
  const queryKey = useMemo(
    () => [...dashboardsQueryKey, 'results', dashboardId ?? 'new', queried, period] as const,
    [dashboardId, queried, period],
  );

  const query = useQuery({
    queryKey,
    queryFn: () =>
      queryDashboard(
        queryBody(
          queried,
          period,
          dashboardId,
          pages.current.period === periodKey ? pages.current.byWidget : {},
        ),
      ),
    enabled: queried.length > 0,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });

  const refresh = useCallback(() => {
    if (queried.length > 0) void query.refetch({ cancelRefetch: false });
  }, [query, queried.length]);

  const setPage = useCallback(
    (widgetId: string, page: number) => {
      const widget = queried.find(({ id }) => id === widgetId);
      if (!widget) return;
      const byWidget = pages.current.period === periodKey ? pages.current.byWidget : {};
      pages.current = { period: periodKey, byWidget: { ...byWidget, [widgetId]: page } };
      setPaging((count) => count + 1);
      queryDashboard(queryBody([widget], period, dashboardId, { [widgetId]: page }))
        .then((answer) => {
          const result = answer[widgetId];
          if (!result || pages.current.byWidget[widgetId] !== page) return;
          queryClient.setQueryData<DashboardQueryResult>(queryKey, (current) =>
            current ? { ...current, [widgetId]: result } : current,
          );
        })
        .catch((failure: unknown) =>
          queryClient.setQueryData<DashboardQueryResult>(queryKey, (current) =>
            current
              ? { ...current, [widgetId]: { kind: 'error', error: errorMessage(failure) } }
              : current,
          ),
        )
        .finally(() => setPaging((count) => count - 1));
    },
    [queried, period, periodKey, dashboardId, queryClient, queryKey],
  );

  const results = useMemo(() => {
    const all: DashboardQueryResult = { ...(query.data ?? {}) };
    for (const widget of widgets)
      if (widget.type === 'text_html') all[widget.id] = { kind: 'none' };
    return all;
  }, [query.data, widgets]);

  const hasQuery = queried.length > 0;
  return {
    results,
    loading: hasQuery && (query.isPending || query.isPlaceholderData) && !query.isError,
    refresh,
    setPage,
    refreshing: hasQuery && (query.isFetching || paging > 0),
    error: query.isError ? errorMessage(query.error) : null,
  };
}
