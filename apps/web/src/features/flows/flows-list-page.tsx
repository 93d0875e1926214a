import { useCallback, useMemo, useState } from 'react';
import { Badge, Group, Radio, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { FlowList } from '@ponte/shared/flows.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { actionsColumn } from '../../components/list-columns';
import { createItemButton } from '../../components/named-resource/create-button';
import { ManualExecutionModal } from '../../components/manual-execution-modal';
import { useDuplicateConfirm } from '../../components/named-resource/duplicate-confirm-modal';
import { NamedResourceList } from '../../components/named-resource/named-resource-list';
import { useNamedResourceList } from '../../components/named-resource/use-named-resource-list';
import { PageHeader } from '../../components/page-header';
import type { TableColumn } from '../../components/paginated-table';
import { useNodeLibrary } from '../../lib/engine/get-node-library';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import { useDuplicateFlow } from './api/duplicate-flow';
import { useFlows } from './api/get-flows';
import type { FlowStatusFilter } from './api/get-flows';
import { FlowNameCell } from './flow-name-cell';
import { FlowPreview } from './flow-preview';
import { FlowRowActions } from './flow-row-actions';
import { FlowsImportMenu } from './flows-import-menu';
import { useCan } from '../../lib/session/use-can';

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

const duplicateTexts = {
  duplicateConfirm: 'Deseja realmente duplicar este flow? A cópia será criada desabilitada.',
  duplicated: messages.flows.duplicated,
};

const createButton = createItemButton('/flows/new', 'Criar Flow', 'flows.write');

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
  const [status, setStatus] = useStatusParam();
  const canCreate = useCan('flows.write').allowed;
  const list = useNamedResourceList(useFlows, limits.flowsPageSize, { status });
  const { labelOf } = useNodeLibrary();
  const groupOptions = useGroupOptions();
  const [running, setRunning] = useState<FlowItem | null>(null);
  const duplicate = useDuplicateConfirm(useDuplicateFlow(), 'Duplicar flow', duplicateTexts, {
    closeOnFailure: true,
  });

  const groupNames = useMemo(
    () => new Map((groupOptions.data?.items ?? []).map((item) => [item._id, item.name])),
    [groupOptions.data],
  );

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
    actionsColumn<FlowItem>(290, (flow) => (
      <FlowRowActions
        flow={flow}
        onRun={() => setRunning(flow)}
        onDuplicate={() => duplicate.ask(flow)}
      />
    )),
  ];

  // The header's group alone does not count as a search here: 'Nenhum Flow criado ainda.'
  const filtered = Boolean(list.query) || status !== defaultStatus;

  return (
    <>
      <PageHeader
        title="Flows do workspace"
        actions={
          canCreate ? (
            <Group gap="sm" wrap="wrap" justify="flex-end">
              <FlowsImportMenu />
              {createButton}
            </Group>
          ) : null
        }
      />
      <NamedResourceList
        searchLabel="Buscar flows"
        filters={
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
        }
        label="Flows"
        columns={columns}
        list={{ ...list, filtered }}
        notFound="Nenhum Flow encontrado para esta busca."
        empty={{ title: 'Nenhum Flow criado ainda.', action: canCreate ? createButton : null }}
      />
      <ManualExecutionModal
        flowId={running?._id ?? null}
        flowName={running?.name}
        opened={running !== null}
        onClose={() => setRunning(null)}
      />
      {duplicate.modal}
    </>
  );
}
