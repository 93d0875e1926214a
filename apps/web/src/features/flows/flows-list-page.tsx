import { useCallback, useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { FlowList } from '@ponte/shared/flows.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { ManualExecutionModal } from '../../components/manual-execution-modal';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { SearchBox } from '../../components/search-box';
import { errorMessage } from '../../lib/api/api-error';
import { useNodeLibrary } from '../../lib/engine/get-node-library';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import { useSelectedGroup } from '../../lib/groups/selected-group';
import { toast } from '../../lib/toasts';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useDuplicateFlow } from './api/duplicate-flow';
import { useFlows } from './api/get-flows';
import type { FlowStatusFilter } from './api/get-flows';
import { FlowNameCell } from './flow-name-cell';
import { FlowPreview } from './flow-preview';
import { FlowRowActions } from './flow-row-actions';

type FlowItem = FlowList['items'][number];

/** Spec 1 §9: the list shows the enabled flows unless the person asks otherwise. */
const defaultStatus: FlowStatusFilter = 'enabled';
const statusOptions: { value: FlowStatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'enabled', label: 'Ativos' },
  { value: 'disabled', label: 'Inativos' },
];

function parseStatus(value: string | null): FlowStatusFilter {
  return statusOptions.some((option) => option.value === value)
    ? (value as FlowStatusFilter)
    : defaultStatus;
}

const createButton = (
  <Button component={Link} to="/flows/new" leftSection={<IconPlus size={16} />}>
    Criar Flow
  </Button>
);

/** `show_status` in the URL; a new filter goes back to page 1. */
function useStatusParam(): [FlowStatusFilter, (status: FlowStatusFilter) => void] {
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('show_status'));
  const setStatus = useCallback(
    (next: FlowStatusFilter) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('show_status', next);
        updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return [status, setStatus];
}

/** /flows (spec 1 §2.4): the workspace's flows, 10 per page, filtered by the header group. */
export function FlowsListPage() {
  const { page, query, setPage } = useListParams();
  const [status, setStatus] = useStatusParam();
  const [group] = useSelectedGroup();
  const { data, isPending, isError, error } = useFlows({ page, query, status, group });
  const { labelOf } = useNodeLibrary();
  const groupOptions = useGroupOptions();
  const duplicate = useDuplicateFlow();
  const [running, setRunning] = useState<FlowItem | null>(null);
  const [duplicating, setDuplicating] = useState<FlowItem | null>(null);
  const total = data?.total ?? 0;
  // A phone gets one card per flow: the table's columns do not fit 390 px.
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  useClampedPage(data?.total, limits.flowsPageSize, { page, setPage });

  const groupNames = useMemo(
    () => new Map((groupOptions.data?.items ?? []).map((item) => [item._id, item.name])),
    [groupOptions.data],
  );

  const confirmDuplicate = async () => {
    if (!duplicating) return;
    try {
      await duplicate.mutateAsync(duplicating._id);
      toast.success(messages.flows.duplicated);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setDuplicating(null);
    }
  };

  const columns: TableColumn<FlowItem>[] = [
    {
      key: 'preview',
      header: 'Preview',
      width: 152,
      hiddenOnCards: true,
      render: (flow) => <FlowPreview name={flow.name ?? ''} thumbnailData={flow.thumbnailData} />,
    },
    {
      key: 'name',
      header: 'Nome',
      render: (flow) => <FlowNameCell flow={flow} labelOf={labelOf} />,
    },
    {
      key: 'status',
      header: 'Status',
      width: 100,
      render: (flow) =>
        flow.enabled ? (
          <Badge color="teal" variant="light">
            Ativo
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Inativo
          </Badge>
        ),
    },
    {
      key: 'group',
      header: 'Grupo',
      width: 180,
      render: (flow) => {
        // While the lookup loads, a flow with a group shows nothing rather than 'Sem grupo'.
        if (flow.group && groupOptions.isPending) return null;
        const name = flow.group ? groupNames.get(flow.group) : undefined;
        return (
          <Text size="sm" c={name ? undefined : 'dimmed'}>
            {name ?? 'Sem grupo'}
          </Text>
        );
      },
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      width: 290,
      render: (flow) => (
        <FlowRowActions
          flow={flow}
          onRun={() => setRunning(flow)}
          onDuplicate={() => setDuplicating(flow)}
        />
      ),
    },
  ];

  const unfiltered = !query && status === defaultStatus;

  return (
    <>
      <PageHeader title="Flows do workspace" actions={createButton} />
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          <SearchBox label="Buscar flows" />
          <Radio.Group
            value={status}
            onChange={(value) => setStatus(parseStatus(value))}
            aria-label="Status"
          >
            <Group gap="md">
              {statusOptions.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Group>
          </Radio.Group>
        </Group>
        {isError ? (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : (
          <PaginatedTable
            label="Flows"
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(flow) => flow._id}
            page={page}
            total={total}
            pageSize={limits.flowsPageSize}
            onPageChange={setPage}
            loading={isPending}
            cards={isPhone}
            empty={
              unfiltered ? (
                <EmptyState title="Nenhum Flow criado ainda." action={createButton} />
              ) : (
                <EmptyState title="Nenhum Flow encontrado para esta busca." />
              )
            }
          />
        )}
      </Stack>
      <ManualExecutionModal
        flowId={running?._id ?? null}
        flowName={running?.name}
        opened={running !== null}
        onClose={() => setRunning(null)}
      />
      <ConfirmModal
        opened={duplicating !== null}
        title="Duplicar flow"
        message="Deseja realmente duplicar este flow? A cópia será criada desabilitada."
        onConfirm={() => void confirmDuplicate()}
        onCancel={() => setDuplicating(null)}
        loading={duplicate.isPending}
      />
    </>
  );
}
