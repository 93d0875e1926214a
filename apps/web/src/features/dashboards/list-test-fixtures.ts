import type { Dashboard, DashboardListItem } from '@ponte/shared/dashboards.schema';
import { newWidget } from '@ponte/shared/dashboards.schema';
import type { MockRoute } from '../../test/mock-fetch';
import { listOf, setupWorkspacePage } from '../../test/workspace-page-setup';

const count = { ...newWidget('execution_count'), id: 'widget-count1', content: { value: 7 } };

/** 'Operação SP' in group g1 with one execution_count widget. */
export const operacao: Dashboard = {
  _id: 'd1',
  name: 'Operação SP!',
  group: 'g1',
  widgets: [count],
  workspace_id: 'w1',
  version: 1,
  created_at: '2026-01-15T12:34:56Z',
  updated_at: '2026-03-01T02:00:00.000Z',
};

export const operacaoRow: DashboardListItem = {
  _id: operacao._id,
  name: operacao.name,
  group: operacao.group,
  widget_count: 1,
  workspace_id: operacao.workspace_id,
  version: 1,
  created_at: operacao.created_at,
  updated_at: operacao.updated_at,
};

export { listOf };

/** A signed-in session and the calls every page of the app makes, plus `extra` first. */
export function setup(extra: MockRoute[] = []) {
  return setupWorkspacePage(extra, [
    { method: 'GET', path: '/api/v1/dashboards/d1', reply: { body: operacao } },
  ]);
}
