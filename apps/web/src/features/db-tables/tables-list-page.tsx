import { useState } from 'react';
import { Text } from '@mantine/core';
import { IconCopy, IconDownload, IconList, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '@ponte/shared/format';
import type { Table } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { actionsColumn, nameColumn } from '../../components/list-columns';
import { createItemButton } from '../../components/named-resource/create-button';
import { downloadWhole } from '../../components/named-resource/download-whole';
import { DuplicateNameModal } from '../../components/named-resource/duplicate-name-modal';
import { NamedResourceList } from '../../components/named-resource/named-resource-list';
import { RowActionIcons } from '../../components/named-resource/row-action-icons';
import { useNamedResourceList } from '../../components/named-resource/use-named-resource-list';
import { PageHeader } from '../../components/page-header';
import type { TableColumn } from '../../components/paginated-table';
import { useDuplicateTable } from './api/duplicate-table';
import { getTable } from './api/get-table';
import { useTables } from './api/get-tables';
import { useCan } from '../../lib/session/use-can';
import { downloadTableFile } from './table-file';

const createButton = createItemButton('/database/tables/new', 'Criar tabela', 'tables.write');

/** Downloads the table's structure as {slug}.db.json; a failure shows the server's message. */
const exportTable = (id: string) =>
  downloadWhole(
    () => getTable(id),
    (table) =>
      downloadTableFile({
        name: table.name,
        apply_default_values_new_fields: table.apply_default_values_new_fields,
        fields: table.fields,
      }),
  );

function RowActions({ table, onDuplicate }: { table: Table; onDuplicate: () => void }) {
  // The structure is 'editar tabelas'; the records page has its own check (docs/adr/0106).
  const denied = useCan('tables.write').reason;
  return (
    <RowActionIcons
      actions={[
        { label: 'Registros', icon: <IconList size={17} />, to: `/database/entities/${table._id}` },
        {
          label: 'Editar',
          icon: <IconPencil size={17} />,
          to: `/database/tables/edit/${table._id}`,
          denied,
        },
        { label: 'Duplicar', icon: <IconCopy size={17} />, onClick: onDuplicate, denied },
        {
          label: 'Exportar',
          icon: <IconDownload size={17} />,
          onClick: () => void exportTable(table._id),
        },
        {
          label: 'Remover',
          icon: <IconTrash size={17} />,
          color: 'red',
          to: `/database/tables/delete/${table._id}`,
          denied,
        },
      ]}
    />
  );
}

function useColumns(onDuplicate: (table: Table) => void): TableColumn<Table>[] {
  return [
    nameColumn<Table>((table) => `/database/entities/${table._id}`),
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
    actionsColumn<Table>(200, (table) => (
      <RowActions table={table} onDuplicate={() => onDuplicate(table)} />
    )),
  ];
}

/** /database/tables (spec 2 'Database tables'): 10 per page, search, the selected group. */
export function TablesListPage() {
  const list = useNamedResourceList(useTables, limits.tablesPageSize);
  const [duplicating, setDuplicating] = useState<Table | null>(null);
  const duplicate = useDuplicateTable();
  const columns = useColumns(setDuplicating);

  return (
    <>
      <PageHeader title="Tabelas" actions={createButton} />
      <NamedResourceList
        searchLabel="Buscar tabelas"
        label="Tabelas"
        columns={columns}
        list={list}
        notFound="Nenhuma tabela encontrada."
        empty={{ title: 'Nenhuma tabela criada ainda.', action: createButton }}
      />
      <DuplicateNameModal
        item={duplicating}
        duplicate={duplicate}
        title="Duplicar tabela"
        nameLabel="Nome da nova tabela"
        nameRequired={messages.tables.nameRequired}
        done="A tabela foi duplicada com sucesso!"
        onClose={() => setDuplicating(null)}
      />
    </>
  );
}
