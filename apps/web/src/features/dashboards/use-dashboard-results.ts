import { useQuery } from '@tanstack/react-query';
import type { DashboardQueryResult, ViewPeriod, Widget } from '@ponte/shared/dashboards.schema';
import { queryDashboard } from './api/query-dashboard';
import { dashboardsQueryKey } from './api/get-dashboards';

export interface DashboardResults {
  results: DashboardQueryResult;
  /** Until the first answer of the current widgets and period. */
  loading: boolean;
  refresh: () => void;
  /** A list widget's page: queried alone (spec 2 §7). */
  setPage: (widgetId: string, page: number) => void;
}

// First version of the contract: the view's builder replaces it before merge.
export function useDashboardResults(
  widgets: Widget[],
  period: ViewPeriod,
  dashboardId?: string,
): DashboardResults {
  const query = useQuery({
    queryKey: [...dashboardsQueryKey, 'results', dashboardId ?? 'new', widgets, period],
    queryFn: () =>
      queryDashboard({
        id: dashboardId,
        data: widgets.map(({ id, type, config }) => ({ id, type, config })),
        ...period,
      }),
  });
  return {
    results: query.data ?? {},
    loading: query.isPending,
    refresh: () => void query.refetch(),
    setPage: () => undefined,
  };
}
