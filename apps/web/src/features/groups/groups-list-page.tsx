import { Alert, Stack } from '@mantine/core';
import { formatDateTime, truncate } from '@ponte/shared/format';
import type { Group } from '@ponte/shared/groups.schema';
import { limits } from '@ponte/shared/limits';
import { EmptyState } from '../../components/empty-state';
import { EditRemoveActions } from '../../components/edit-remove-actions';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { SearchBox } from '../../components/search-box';
import { TruncatedText } from '../../components/truncated-text';
import { errorMessage } from '../../lib/api/api-error';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { createItemButton } from '../../components/named-resource/create-button';
import { useCan } from '../../lib/session/use-can';
import { useGroups } from './api/get-groups';

const createButton = createItemButton('/groups/new', 'Criar grupo', 'groups.write');

function GroupRowActions({ group }: { group: Group }) {
  const denied = useCan('groups.write').reason;
  return (
    <EditRemoveActions
      edit={{ to: `/groups/edit/${group._id}` }}
      remove={{ to: `/groups/delete/${group._id}` }}
      denied={denied}
    />
  );
}

const columns: TableColumn<Group>[] = [
  {
    key: 'name',
    header: 'Nome',
    render: (group) => (
      <TruncatedText size="sm" fw={500} full={group.name}>
        {truncate(group.name, limits.groupNameDisplay)}
      </TruncatedText>
    ),
  },
  {
    key: 'created',
    header: 'Criação',
    render: (group) => formatDateTime(group.created_at),
    width: 190,
  },
  {
    key: 'updated',
    header: 'Atualização',
    render: (group) => formatDateTime(group.updated_at),
    width: 190,
  },
  {
    key: 'actions',
    header: 'Ações',
    align: 'right',
    width: 110,
    render: (group) => <GroupRowActions group={group} />,
  },
];

/** /groups (spec 2 Groups): search, 10 per page, page and query in the URL. */
export function GroupsListPage() {
  const { page, query, setPage } = useListParams();
  const { data, isPending, isError, error } = useGroups({ page, query });
  const total = data?.total ?? 0;

  useClampedPage(data?.total, limits.groupsPageSize, { page, setPage });

  return (
    <>
      <PageHeader title="Grupos" actions={createButton} />
      <Stack gap="md">
        <SearchBox label="Buscar grupos" />
        {isError ? (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : (
          <PaginatedTable
            label="Grupos"
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(group) => group._id}
            page={page}
            total={total}
            pageSize={limits.groupsPageSize}
            onPageChange={setPage}
            loading={isPending}
            empty={
              query ? (
                <EmptyState title="Nenhum grupo encontrado para esta busca." />
              ) : (
                <EmptyState title="Nenhum grupo criado ainda." action={createButton} />
              )
            }
          />
        )}
      </Stack>
    </>
  );
}
