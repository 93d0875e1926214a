import { ActionIcon, Group as Row, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconDownload,
  IconEye,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DashboardListItem } from '@ponte/shared/dashboards.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { createItemButton } from '../../components/named-resource/create-button';
import {
  actionsColumn,
  nameColumn,
  timestampColumns,
  useGroupColumn,
} from '../../components/list-columns';
import { useDuplicateConfirm } from '../../components/named-resource/duplicate-confirm-modal';
import { downloadWhole } from '../../components/named-resource/download-whole';
import { NamedResourceList } from '../../components/named-resource/named-resource-list';
import { useNamedResourceList } from '../../components/named-resource/use-named-resource-list';
import { PageHeader } from '../../components/page-header';
import type { TableColumn } from '../../components/paginated-table';
import { useCan } from '../../lib/session/use-can';
import { useDuplicateDashboard } from './api/dashboard-mutations';
import { getDashboard, useDashboards } from './api/get-dashboards';
import { downloadDashboardFile } from './dashboard-file';

const m = messages.dashboards;

const createButton = createItemButton('/dashboards/new', 'Novo dashboard', 'dashboards.write');

const pathOf = (action: 'view' | 'edit' | 'delete', dashboard: DashboardListItem) =>
  `/dashboards/${action}/${encodeURIComponent(dashboard._id)}`;

/** Fetches the whole dashboard (list rows have no widgets) and downloads its file. */
const exportDashboard = (dashboard: DashboardListItem) =>
  downloadWhole(() => getDashboard(dashboard._id), downloadDashboardFile);

function RowActions(props: { dashboard: DashboardListItem; onDuplicate: () => void }) {
  const { dashboard, onDuplicate } = props;
  // As the flows list: a role that cannot edit dashboards is offered only what reads one.
  const edit = useCan('dashboards.write').allowed;
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
          {edit ? (
            <>
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
            </>
          ) : null}
          <Menu.Item
            leftSection={<IconDownload size={15} />}
            onClick={() => void exportDashboard(dashboard)}
          >
            Exportar
          </Menu.Item>
          {edit ? (
            <Menu.Item
              component={Link}
              to={pathOf('delete', dashboard)}
              color="red"
              leftSection={<IconTrash size={15} />}
            >
              Remover
            </Menu.Item>
          ) : null}
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
    nameColumn<DashboardListItem>((dashboard) => pathOf('view', dashboard)),
    {
      key: 'widgets',
      header: 'Widgets',
      width: 100,
      render: (dashboard) => <Text size="sm">{dashboard.widget_count}</Text>,
    },
    groupColumn,
    ...updated,
    actionsColumn<DashboardListItem>(110, (dashboard) => (
      <RowActions dashboard={dashboard} onDuplicate={() => onDuplicate(dashboard)} />
    )),
  ];
}

/** /dashboards (spec 2 'Dashboards'): 10 per page, search, the selected group. */
export function DashboardsListPage() {
  const list = useNamedResourceList(useDashboards, limits.dashboardsPageSize);
  const duplicate = useDuplicateConfirm(useDuplicateDashboard(), 'Duplicar dashboard', m);
  const columns = useColumns(duplicate.ask);

  return (
    <>
      <PageHeader
        title="Dashboards"
        description="Painéis com widgets ao vivo sobre as execuções, os logs e as tabelas do workspace."
        actions={createButton}
      />
      <NamedResourceList
        searchLabel="Buscar dashboards"
        label="Dashboards"
        columns={columns}
        list={list}
        notFound="Nenhum dashboard encontrado para esta busca."
        empty={{
          title: 'Nenhum dashboard criado ainda.',
          description:
            'Crie um dashboard para acompanhar execuções, logs e tabelas em um só lugar.',
          action: createButton,
        }}
      />
      {duplicate.modal}
    </>
  );
}
