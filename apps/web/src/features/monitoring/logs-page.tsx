import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconRefresh } from '@tabler/icons-react';
import { formatDateTime, truncate } from '@ponte/shared/format';
import { limits } from '@ponte/shared/limits';
import type { LogItem } from '@ponte/shared/monitoring.schema';
import { messages } from '@ponte/shared/messages';
import { EmptyState } from '../../components/empty-state';
import { EngineStatusStrip } from '../../components/engine-status-strip';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { TruncatedText } from '../../components/truncated-text';
import { errorMessage } from '../../lib/api/api-error';
import { useFlowNames } from '../../lib/flows/api/get-flow-names';
import { useLogs } from './api/get-logs';
import { ExecutionIdText } from './execution-id-text';
import { LogDetailsModal } from './log-details-modal';
import { toApiFilters } from './log-filters';
import { LogFiltersBar } from './log-filters-bar';
import { logTypeLabels } from './log-type-labels';
import { useLogFilters } from './use-log-filters';
import { useClampedPage } from '../../lib/use-list-params';

/** Spec 1 §9: a log's message preview. */
const previewLength = 200;

/** Spec 1 §2.9, §9: auto-refresh off, 10 s, 30 s, 1 m. */
const refreshOptions = [
  { value: '0', label: 'Desligada' },
  { value: '10', label: '10 s' },
  { value: '30', label: '30 s' },
  { value: '60', label: '1 m' },
];

const typeColors = { user: 'blue', internal: 'gray', debug: 'grape' } as const;

/** /monitoring (spec 1 §2.9): the workspace's logs, 20 per page, filtered by period and more. */
export function LogsPage() {
  const { filters, page, setFilters, resetFilters, setPage } = useLogFilters();
  const [refreshSeconds, setRefreshSeconds] = useState('0');
  const logs = useLogs({ page, filters: toApiFilters(filters) }, Number(refreshSeconds) * 1000);
  const [selected, setSelected] = useState<LogItem | null>(null);
  const { data } = logs;
  const shownFlowIds = useMemo(
    () => [...new Set((data?.items ?? []).map((log) => log.data.flow_id))],
    [data],
  );
  const { flows, nameOf, refresh: refreshFlowNames } = useFlowNames(shownFlowIds);

  useClampedPage(data?.total, limits.monitoringPageSize, { page, setPage });

  const columns: TableColumn<LogItem>[] = [
    {
      key: 'message',
      header: 'Mensagem',
      render: (log) => (
        <Stack gap={2}>
          <Text size="sm" fw={700}>
            {log.data.label}
          </Text>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {truncate(log.data.message, previewLength)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'execution',
      header: 'ID da execução',
      // The message gets the room: the id ends in an ellipsis, whole in its tooltip.
      width: 150,
      render: (log) => <ExecutionIdText id={log.data.execution_id} />,
    },
    {
      key: 'type',
      header: 'Tipo',
      width: 150,
      render: (log) => (
        <Badge variant="light" color={typeColors[log.data.type]} tt="none">
          {logTypeLabels[log.data.type]}
        </Badge>
      ),
    },
    {
      key: 'flow',
      header: 'Flow',
      width: 160,
      render: (log) => (
        <TruncatedText size="sm">{nameOf(log.data.flow_id) ?? log.data.flow_id}</TruncatedText>
      ),
    },
    {
      key: 'timestamp',
      header: 'Data e hora',
      width: 170,
      render: (log) => <Text size="sm">{formatDateTime(log.data.timestamp)}</Text>,
    },
    {
      key: 'details',
      header: '',
      align: 'right',
      width: 110,
      render: (log) => (
        <Button size="xs" variant="default" onClick={() => setSelected(log)}>
          Detalhes
        </Button>
      ),
    },
  ];

  const actions = (
    <Group gap="sm" align="flex-end">
      <Select
        label="Atualização automática"
        w={170}
        allowDeselect={false}
        data={refreshOptions}
        value={refreshSeconds}
        onChange={(value) => setRefreshSeconds(value ?? '0')}
      />
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        onClick={() => void logs.refetch()}
      >
        Atualizar
      </Button>
      <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={resetFilters}>
        Limpar filtros
      </Button>
    </Group>
  );

  return (
    <>
      <PageHeader title="Logs de monitoramento" actions={actions} />
      <Stack gap="md">
        <EngineStatusStrip />
        <LogFiltersBar
          filters={filters}
          onChange={setFilters}
          flows={flows}
          onFlowsOpen={refreshFlowNames}
        />
        {logs.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(logs.error)}
          </Alert>
        ) : (
          <PaginatedTable
            label="Logs"
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(log) => log._id}
            page={page}
            total={data?.total ?? 0}
            pageSize={limits.monitoringPageSize}
            onPageChange={setPage}
            loading={logs.isPending}
            empty={
              <EmptyState
                title={messages.monitoring.empty}
                description="Altere o período ou os filtros para ver outros logs."
              />
            }
          />
        )}
      </Stack>
      <LogDetailsModal
        log={selected}
        flowName={selected ? nameOf(selected.data.flow_id) : undefined}
        onClose={() => setSelected(null)}
      />
    </>
  );
}
