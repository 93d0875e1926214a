import { messages } from '@ponte/shared/messages';
import { NamedResourceDeletePage } from '../../components/named-resource/named-resource-delete-page';
import { useDeleteTable } from './api/delete-table';
import { useTable } from './api/get-table';

/** /database/tables/delete/{id}: type the table name to confirm (its records go with it). */
export function TableDeletePage() {
  return (
    <NamedResourceDeletePage
      param="tableId"
      useItem={useTable}
      useRemove={useDeleteTable}
      title="Remover tabela"
      itemLabel="tabela"
      confirmLabel="Remover a tabela"
      backTo="/database/tables"
      mismatchMessage={messages.tables.removeNameMismatch}
      successMessage={messages.tables.removed}
      errorPrefix="Erro ao remover a tabela:"
      warning="Todos os registros da tabela também serão removidos."
    />
  );
}
