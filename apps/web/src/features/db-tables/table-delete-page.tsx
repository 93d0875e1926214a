import { useParams } from 'react-router';
import { messages } from '@ponte/shared/messages';
import { DeleteByNamePage } from '../../components/delete-by-name-page';
import { useDeleteTable } from './api/delete-table';
import { useTable } from './api/get-table';

/** /database/tables/delete/{id}: type the table name to confirm (its records go with it). */
export function TableDeletePage() {
  const { tableId = '' } = useParams();
  const table = useTable(tableId);
  const remove = useDeleteTable();

  return (
    <DeleteByNamePage
      title="Remover tabela"
      itemLabel="tabela"
      confirmLabel="Remover a tabela"
      itemName={table.data?.name}
      loading={table.isPending}
      loadError={table.error}
      backTo="/database/tables"
      mismatchMessage={messages.tables.removeNameMismatch}
      successMessage={messages.tables.removed}
      errorPrefix="Erro ao remover a tabela:"
      warning="Todos os registros da tabela também serão removidos."
      onDelete={() => remove.mutateAsync(tableId)}
    />
  );
}
