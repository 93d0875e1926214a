import { useState } from 'react';
import { ActionIcon, Alert, Button, Group as Row, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCopy,
  IconDownload,
  IconList,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '@ponte/shared/format';
import type { Table } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { SearchBox } from '../../components/search-box';
import { TruncatedText } from '../../components/truncated-text';
import { errorMessage } from '../../lib/api/api-error';
import { useSelectedGroup } from '../../lib/groups/selected-group';
import { toast } from '../../lib/toasts';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { getTable } from './api/get-table';
import { useTables } from './api/get-tables';
import { TableDuplicateModal } from './table-duplicate-modal';
import { downloadTableFile } from './table-file';

const createButton = (
  <Button component={Link} to="/database/tables/new" leftSection={<IconPlus size={16} />}>
    Criar tabela
  </Button>
);

/** Downloads the table's structure as {slug}.db.json; a failure shows the server's message. */
async function exportTable(id: string) {
  try {
    const table = await getTable(id);
    downloadTableFile({
      name: table.name,
      apply_default_values_new_fields: table.apply_default_values_new_fields,
      fields: table.fields,
    });
  } catch (failure) {
    toast.error(errorMessage(failure));
  }
}

function RowActions({ table, onDuplicate }: { table: Table; onDuplicate: () => void }) {
  const link = (to: string, label: string, icon: React.ReactNode, color = 'gray') => (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} variant="subtle" color={color} aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const button = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Row gap={4} justify="flex-end" wrap="nowrap">
      {link(`/database/entities/${table._id}`, 'Registros', <IconList size={17} />)}
      {link(`/database/tables/edit/${table._id}`, 'Editar', <IconPencil size={17} />)}
      {button('Duplicar', <IconCopy size={17} />, onDuplicate)}
      {button('Exportar', <IconDownload size={17} />, () => void exportTable(table._id))}
      {link(`/database/tables/delete/${table._id}`, 'Remover', <IconTrash size={17} />, 'red')}
    </Row>
  );
}

/** /database/tables (spec 2 'Database tables'): 10 per page, search, the selected group. */
export function TablesListPage() {
  const { page, query, setPage } = useListParams();
  const [group] = useSelectedGroup();
  const { data, isPending, isError, error } = useTables({ page, query, group });
  const [duplicating, setDuplicating] = useState<Table | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  useClampedPage(data?.total, limits.tablesPageSize, { page, setPage });

  const columns: TableColumn<Table>[] = [
    {
      key: 'name',
      header: 'Nome',
      render: (table) => (
        <TruncatedText to={`/database/entities/${table._id}`} size="sm" fw={500}>
          {table.name}
        </TruncatedText>
      ),
    },
    {
      key: 'count',
      header: 'Registros',
      width: 110,
      render: (table) => <Text size="sm">{table.entities_count.toLocaleString('pt-BR')}</Text>,
    },
    {
      key: 'updated',
      header: 'Atualização',
      width: 190,
      render: (table) => formatDateTime(table.updated_at),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      width: 200,
      render: (table) => <RowActions table={table} onDuplicate={() => setDuplicating(table)} />,
    },
  ];

  return (
    <>
      <PageHeader title="Tabelas" actions={createButton} />
      <Stack gap="md">
        <SearchBox label="Buscar tabelas" />
        {isError ? (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : (
          <PaginatedTable
            label="Tabelas"
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(table) => table._id}
            page={page}
            total={data?.total ?? 0}
            pageSize={limits.tablesPageSize}
            onPageChange={setPage}
            loading={isPending}
            cards={isPhone}
            empty={
              query || group ? (
                <EmptyState title="Nenhuma tabela encontrada." />
              ) : (
                <EmptyState title="Nenhuma tabela criada ainda." action={createButton} />
              )
            }
          />
        )}
      </Stack>
      <TableDuplicateModal table={duplicating} onClose={() => setDuplicating(null)} />
    </>
  );
}
