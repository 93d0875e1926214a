import { widgetSchema } from '@ponte/shared/dashboards.schema';
import type {
  Dashboard,
  ListResult,
  Widget,
  WidgetConfigInput,
  WidgetResult,
  WidgetType,
} from '@ponte/shared/dashboards.schema';
import { mockFetch } from '../../test/mock-fetch';
import type { MockRoute, RecordedCall } from '../../test/mock-fetch';
import { storeTestSession } from '../../test/session-fixtures';

export function widget(
  id: string,
  type: WidgetType,
  config: WidgetConfigInput = {},
  place: Partial<Pick<Widget, 'x' | 'y' | 'w' | 'h'>> = {},
): Widget {
  return widgetSchema.parse({ id, type, x: 0, y: 0, w: 4, h: 4, ...place, config });
}

export const widgets = {
  count: widget('widget-count', 'execution_count', { label: 'Execuções' }, { x: 0, y: 0 }),
  time: widget('widget-time', 'execution_time', { label: 'Tempo médio' }, { x: 4, y: 0 }),
  logs: widget(
    'widget-logs',
    'log_count',
    { label: 'Timeouts', search_term: 'timeout', flow_id: 'f1' },
    { x: 8, y: 0 },
  ),
  list: widget(
    'widget-list',
    'log_list',
    { label: 'Últimos erros', search_term: 'erro' },
    {
      x: 0,
      y: 4,
    },
  ),
  html: widget(
    'widget-html',
    'text_html',
    { label: 'Notas', html: '<p>Plantão: Ana</p>' },
    {
      x: 4,
      y: 4,
    },
  ),
};

export const painel: Dashboard = {
  _id: 'd1',
  name: 'Operação',
  group: null,
  widgets: Object.values(widgets),
  workspace_id: 'w1',
  version: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

export const listPage = (page: number): ListResult => ({
  kind: 'list',
  items: [
    {
      _id: `l${page}`,
      created_at: '2026-11-24T13:05:09.000Z',
      label: 'pedido',
      message: `erro na página ${page}`,
    },
  ],
  page,
  show_per_page: 10,
  total: 25,
  total_pages: 3,
  columns: [
    { key: 'created_at', label: 'Data', type: 'date' },
    { key: 'message', label: 'Mensagem', type: 'text' },
  ],
});

export const results: Record<string, WidgetResult> = {
  'widget-count': { kind: 'value', value: 12345 },
  'widget-time': { kind: 'value', value: 1234, unit: 'ms' },
  'widget-logs': { kind: 'value', value: 7 },
  'widget-list': listPage(1),
};

interface QueryBody {
  data: { id: string }[];
  widgetUserOptions?: Record<string, { page: number }>;
}

/** The results of the widgets a query asks for (a list widget's page as asked). */
export function answerQuery(call: RecordedCall) {
  const body = call.body as QueryBody;
  return {
    body: Object.fromEntries(
      body.data.map(({ id }) => {
        const page = body.widgetUserOptions?.[id]?.page;
        return [id, id === 'widget-list' && page ? listPage(page) : results[id]];
      }),
    ),
  };
}

/** A signed-in session, the dashboard d1 and its query, plus `extra` first. */
export function setupView(extra: MockRoute[] = [], dashboard: Dashboard = painel) {
  storeTestSession();
  return mockFetch([
    ...extra,
    { method: 'GET', path: '/api/v1/dashboards/d1', reply: { body: dashboard } },
    { method: 'POST', path: '/api/v1/dashboards/query', reply: answerQuery },
    {
      method: 'GET',
      path: '/api/v1/flows',
      reply: { body: { items: [{ _id: 'f1', name: 'Pedidos' }], total: 1 } },
    },
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
    {
      method: 'GET',
      path: '/account/v1/config',
      reply: { body: { docs_url: null, support_url: null } },
    },
  ]);
}
