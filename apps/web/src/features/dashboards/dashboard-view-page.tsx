import { useMemo } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPencil, IconRefresh } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { Dashboard, ViewPeriod } from '@ponte/shared/dashboards.schema';
import { messages } from '@ponte/shared/messages';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api/api-error';
import { useDashboard } from './api/get-dashboards';
import { DashboardGrid } from './dashboard-grid';
import { useDashboardViewOptions } from './dashboard-view-options';
import { DashboardViewToolbar } from './dashboard-view-toolbar';
import { useAutoRefresh } from './use-auto-refresh';
import { useDashboardResults } from './use-dashboard-results';
import { WidgetCard } from './widget-card';
import { widgetMonitoringLink } from './widget-links';

const m = messages.dashboards;

function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const [options, setOptions] = useDashboardViewOptions();
  const { periodType, start_date, end_date } = options;
  const period = useMemo<ViewPeriod>(
    () => ({ periodType, start_date, end_date }),
    [periodType, start_date, end_date],
  );
  const { results, loading, refresh, setPage, refreshing, error } = useDashboardResults(
    dashboard.widgets,
    period,
    dashboard._id,
  );
  useAutoRefresh(options.autoRefresh, refresh, Boolean(refreshing));
  const empty = dashboard.widgets.length === 0;

  return (
    <>
      <PageHeader
        title={dashboard.name}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={refresh}
              loading={Boolean(refreshing) && !loading}
              disabled={empty}
            >
              {m.refresh}
            </Button>
            <Button
              component={Link}
              to={`/dashboards/edit/${encodeURIComponent(dashboard._id)}`}
              leftSection={<IconPencil size={16} />}
            >
              {m.edit}
            </Button>
          </>
        }
      />
      <DashboardViewToolbar options={options} onChange={setOptions} />
      {loading ? (
        <Group gap="xs" mb="sm" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {m.loadingWidgets}
          </Text>
        </Group>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" mb="sm">
          {error}
        </Alert>
      ) : null}
      {empty ? (
        <EmptyState title={m.emptyView} />
      ) : (
        <DashboardGrid
          widgets={dashboard.widgets}
          editable={false}
          renderWidget={(widget) => (
            <WidgetCard
              widget={widget}
              result={results[widget.id]}
              loading={loading}
              onPage={(page) => setPage(widget.id, page)}
              link={widgetMonitoringLink(widget, period) ?? undefined}
            />
          )}
        />
      )}
    </>
  );
}

/** /dashboards/view/{id} (spec 2 'Dashboards', §6, §9): the dashboard's widgets, live. */
export function DashboardViewPage() {
  const { id = '' } = useParams();
  const dashboard = useDashboard(id);
  if (dashboard.isPending) return <Loader size="sm" aria-label="Carregando" />;
  if (dashboard.isError)
    return (
      <Stack align="flex-start">
        <Alert color="red" variant="light">
          {errorMessage(dashboard.error)}
        </Alert>
        <Button variant="default" component={Link} to="/dashboards">
          Voltar aos dashboards
        </Button>
      </Stack>
    );
  return <DashboardView key={dashboard.data._id} dashboard={dashboard.data} />;
}
