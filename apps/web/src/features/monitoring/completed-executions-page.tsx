import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { IconEye, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime, formatDuration } from '@ponte/shared/format';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { DeniedButton } from '../../components/denied-button';
import { EmptyState } from '../../components/empty-state';
import { useCan } from '../../lib/session/use-can';
import { RerunFailedModal } from './rerun-failed-modal';
import { EditorModeBadge, ExecutionStatusBadge } from '../../components/execution-status-badge';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { errorMessage } from '../../lib/api/api-error';
import { executionInEditorUrl } from '../../lib/execution-links';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useCompletedExecutions } from './api/get-completed-executions';
import type { CompletedExecution } from './api/get-completed-executions';
import { useCompletedTimeseries } from './api/get-completed-timeseries';
import { ExecutionIdText } from './execution-id-text';
import { ExecutionsChart } from './executions-chart';
import { UnawaitedBadge } from './unawaited-badge';

const columns: TableColumn<CompletedExecution>[] = [
  {
    key: 'flow',
    header: 'Flow',
    render: ({ data }) =>
      data.flow_name === null ? (
        <Text size="sm" c="dimmed">
          {data.flow_id}
        </Text>
      ) : (
        <Stack gap={0}>
          <Anchor component={Link} to={`/flows/${encodeURIComponent(data.flow_id)}`} size="sm">
            {data.flow_name}
          </Anchor>
          {data.flow_version !== null ? (
            <Text size="xs" c="dimmed">
              {messages.versions.version(data.flow_version)}
            </Text>
          ) : null}
        </Stack>
      ),
  },
  {
    key: 'execution',
    header: 'ID da execução',
    render: ({ data }) => (
      <Stack gap={0}>
        <ExecutionIdText id={data.execution_id} />
        {data.rerun_of ? (
          <Text size="xs" c="dimmed">
            Reexecução de {data.rerun_of.slice(0, 8)}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'timestamp',
    header: 'Data e hora',
    width: 170,
    render: ({ data }) => <Text size="sm">{formatDateTime(data.timestamp)}</Text>,
  },
  {
    key: 'duration',
    header: 'Duração',
    width: 130,
    render: ({ data }) => <Text size="sm">{formatDuration(data.message.execution_time)}</Text>,
  },
  {
    key: 'status',
    header: 'Status',
    width: 190,
    render: ({ data }) => (
      <Group gap={6}>
        <ExecutionStatusBadge status={data.status} />
        {data.mode === 'editor' ? <EditorModeBadge /> : null}
        <UnawaitedBadge at={data.unawaited_at} />
      </Group>
    ),
  },
  {
    key: 'actions',
    header: 'Ações',
    width: 150,
    render: ({ data }) => (
      <Button
        component={Link}
        to={executionInEditorUrl(data.flow_id, data.execution_id)}
        size="compact-xs"
        variant="default"
        leftSection={<IconEye size={14} />}
        miw="max-content"
      >
        Abrir no editor
      </Button>
    ),
  },
];

/** /monitoring/completed (spec 2 'Completed flows'): the last hour's chart and the history. */
export function CompletedExecutionsPage() {
  const { page, setPage } = useListParams();
  const executions = useCompletedExecutions(page);
  const timeseries = useCompletedTimeseries();
  const { data } = executions;
  const [rerunning, setRerunning] = useState(false);
  const rerunDenied = useCan('flows.run').reason;

  useClampedPage(data?.total, limits.completedPageSize, { page, setPage });

  const refresh = () => {
    void timeseries.refetch();
    void executions.refetch();
  };

  return (
    <>
      <PageHeader
        title="Flows executados"
        actions={
          <DeniedButton
            variant="default"
            leftSection={<IconPlayerPlay size={16} />}
            onClick={() => setRerunning(true)}
            denied={rerunDenied}
          >
            Reexecutar falhas
          </DeniedButton>
        }
      />
      {rerunning ? <RerunFailedModal opened onClose={() => setRerunning(false)} /> : null}
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <Title order={3} fz="md">
              Execuções na última hora
            </Title>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={refresh}
              loading={timeseries.isFetching}
            >
              Atualizar
            </Button>
          </Group>
          {timeseries.isError ? (
            <Alert color="red" variant="light">
              {errorMessage(timeseries.error)}
            </Alert>
          ) : timeseries.data ? (
            <ExecutionsChart points={timeseries.data} />
          ) : (
            <Center h={220}>
              <Loader size="sm" aria-label="Carregando" />
            </Center>
          )}
        </Paper>
        {executions.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(executions.error)}
          </Alert>
        ) : (
          <PaginatedTable
            label="Execuções finalizadas"
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(execution) => execution._id}
            page={page}
            total={data?.total ?? 0}
            pageSize={limits.completedPageSize}
            onPageChange={setPage}
            loading={executions.isPending}
            empty={<EmptyState title="Nenhuma execução finalizada ainda." />}
          />
        )}
      </Stack>
    </>
  );
}
