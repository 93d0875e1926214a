import { useState } from 'react';
import { ActionIcon, Button, Group as Row, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconDownload,
  IconEye,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DashboardListItem } from '@ponte/shared/dashboards.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { DuplicateModal } from '../../components/duplicate-modal';
import { timestampColumns, useGroupColumn } from '../../components/list-columns';
import { PageHeader } from '../../components/page-header';
import type { TableColumn } from '../../components/paginated-table';
import { SearchableList } from '../../components/searchable-list';
import { TruncatedText } from '../../components/truncated-text';
import { errorMessage } from '../../lib/api/api-error';
import { useSelectedGroup } from '../../lib/groups/selected-group';
import { toast } from '../../lib/toasts';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useDuplicateDashboard } from './api/dashboard-mutations';
import { getDashboard, useDashboards } from './api/get-dashboards';
import { downloadDashboardFile } from './dashboard-file';

const m = messages.dashboards;

const createButton = (
  <Button component={Link} to="/dashboards/new" leftSection={<IconPlus size={16} />}>
    Novo dashboard
  </Button>
);

const pathOf = (action: 'view' | 'edit' | 'delete', dashboard: DashboardListItem) =>
  `/dashboards/${action}/${encodeURIComponent(dashboard._id)}`;

/** Fetches the whole dashboard (list rows have no widgets) and downloads its file. */
async function exportDashboard(dashboard: DashboardListItem) {
  try {
    downloadDashboardFile(await getDashboard(dashboard._id));
  } catch (failure) {
    toast.error(errorMessage(failure));
  }
}

function RowActions(props: { dashboard: DashboardListItem; onDuplicate: () => void }) {
  const { dashboard, onDuplicate } = props;
  return (
    <Row gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Visualizar">
        <ActionIcon
          component={Link}
          to={pathOf('view', dashboard)}
          variant="subtle"
          color="gray"
          aria-label="Visualizar"
        >
          <IconEye size={17} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" width={180} shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label="Mais ações">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to={pathOf('edit', dashboard)}
            leftSection={<IconPencil size={15} />}
          >
            Editar
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={15} />} onClick={onDuplicate}>
            Duplicar
          </Menu.Item>
          <Menu.Item
            leftSection={<IconDownload size={15} />}
            onClick={() => void exportDashboard(dashboard)}
          >
            Exportar
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={pathOf('delete', dashboard)}
            color="red"
            leftSection={<IconTrash size={15} />}
          >
            Remover
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Row>
  );
}

function useColumns(
  onDuplicate: (dashboard: DashboardListItem) => void,
): TableColumn<DashboardListItem>[] {
  const groupColumn = useGroupColumn<DashboardListItem>();
  const updated = timestampColumns<DashboardListItem>().filter(({ key }) => key === 'updated');
  return [
    {
      key: 'name',
      header: 'Nome',
      render: (dashboard) => (
        <TruncatedText to={pathOf('view', dashboard)} size="sm" fw={500}>
          {dashboard.name}
        </TruncatedText>
      ),
    },
    {
      key: 'widgets',
      header: 'Widgets',
      width: 100,
      render: (dashboard) => <Text size="sm">{dashboard.widget_count}</Text>,
    },
    groupColumn,
    ...updated,
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      width: 110,
      render: (dashboard) => (
        <RowActions dashboard={dashboard} onDuplicate={() => onDuplicate(dashboard)} />
      ),
    },
  ];
}

/** /dashboards (spec 2 'Dashboards'): 10 per page, search, the selected group. */
export function DashboardsListPage() {
  const params = useListParams();
  const { page, query, setPage } = params;
  const [group] = useSelectedGroup();
  const { data, isPending, isError, error } = useDashboards({ page, query, group });
  const [duplicating, setDuplicating] = useState<DashboardListItem | null>(null);
  const duplicate = useDuplicateDashboard();
  const columns = useColumns(setDuplicating);
  useClampedPage(data?.total, limits.dashboardsPageSize, params);

  return (
    <>
      <PageHeader
        title="Dashboards"
        description="Painéis com widgets ao vivo sobre as execuções, os logs e as tabelas do workspace."
        actions={createButton}
      />
      <SearchableList
        searchLabel="Buscar dashboards"
        label="Dashboards"
        columns={columns}
        rowKey={(dashboard) => dashboard._id}
        data={data}
        isPending={isPending}
        error={isError ? error : null}
        page={page}
        pageSize={limits.dashboardsPageSize}
        onPageChange={setPage}
        filtered={Boolean(query || group)}
        notFound="Nenhum dashboard encontrado para esta busca."
        empty={{
          title: 'Nenhum dashboard criado ainda.',
          description:
            'Crie um dashboard para acompanhar execuções, logs e tabelas em um só lugar.',
          action: createButton,
        }}
      />
      <DuplicateModal
        id={duplicating?._id ?? null}
        title="Duplicar dashboard"
        question={m.duplicateConfirm}
        done={m.duplicated}
        duplicate={duplicate}
        onClose={() => setDuplicating(null)}
      />
    </>
  );
}
