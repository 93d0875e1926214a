import { dashboardQueryResultSchema } from '@ponte/shared/dashboards.schema';
import type {
  DashboardQueryBodyInput,
  DashboardQueryResult,
} from '@ponte/shared/dashboards.schema';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * POST /api/v1/dashboards/query: the widgets' results keyed by widget id. Paging a list widget
 * sends that widget alone with its page in `widgetUserOptions`.
 */
export function queryDashboard(body: DashboardQueryBodyInput): Promise<DashboardQueryResult> {
  return apiRequest('/api/v1/dashboards/query', {
    method: 'POST',
    body,
    schema: dashboardQueryResultSchema,
  });
}
