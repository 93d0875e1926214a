import { useCallback, useMemo, useState } from 'react';
import { Alert, Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { fieldFilterSchema } from '@ponte/shared/db-tables.schema';
import type { Entity, EntityFilter, Table } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { ConfirmModal } from '../../components/confirm-modal';
import { EditRemoveActions } from '../../components/edit-remove-actions';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PaginatedTable } from '../../components/paginated-table';
import type { TableColumn } from '../../components/paginated-table';
import { DeniedButton } from '../../components/denied-button';
import { errorMessage } from '../../lib/api/api-error';
import { useCan } from '../../lib/session/use-can';
import { toast } from '../../lib/toasts';
import { useDeleteRecord } from './api/delete-record';
import { useDeleteRecords } from './api/delete-records';
import { useRecords } from './api/get-records';
import { useTable } from './api/get-table';
import { byCurrentNames } from './field-names';
import { useRecordColumns } from './record-columns';
import { RecordFilters } from './record-filters';
import { RecordsExportMenu } from './records-export-menu';
import { RecordsToolbar } from './records-toolbar';
import type { FieldFilters } from './record-filters';
import { displayValue } from './record-values';
import { pageFromParam, pageParamOf, useClampedPage } from '../../lib/use-list-params';

const filtersSchema = z.record(z.string(), fieldFilterSchema);
const pageSizes = limits.recordsPageSizes as readonly number[];

/** page, showPerPage (10/20/50/100, default 20) and filter (JSON of per-field filters) in the URL. */
function useRecordsParams() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const parsedSize = Number(params.get('showPerPage'));
  const size = pageSizes.includes(parsedSize) ? parsedSize : limits.recordsPageSizeDefault;
  const filterText = params.get('filter') ?? '';
  const filters = useMemo<FieldFilters>(() => {
    try {
      const parsed = filtersSchema.safeParse(JSON.parse(filterText || '{}'));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }, [filterText]);

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return {
    page,
    size,
    filters,
    filterText,
    setPage: (next: number, options: { replace?: boolean } = {}) =>
      update({ page: pageParamOf(next) }, options.replace),
    setSize: (next: number) => update({ showPerPage: String(next), page: null }),
    setFilters: (next: FieldFilters) =>
      update({ filter: Object.keys(next).length ? JSON.stringify(next) : null, page: null }),
  };
}

/** /database/entities/{table_id} (spec 2 'Records list'). */
export function RecordsListPage() {
  const { tableId = '' } = useParams();
  const table = useTable(tableId);
  if (table.isError) {
    return (
      <>
        <PageHeader title="Registros" />
        <Alert color="red" variant="light">
          {errorMessage(table.error)}
        </Alert>
      </>
    );
  }
  if (!table.data) return <Loader size="sm" aria-label="Carregando" />;
  return <RecordsList key={tableId} table={table.data} />;
}

function RecordsList({ table }: { table: Table }) {
  const fields = useMemo(
    () => [...table.fields].sort((a, b) => a.position - b.position),
    [table.fields],
  );
  const params = useRecordsParams();
  const { page, size, filterText, setPage, setSize, setFilters } = params;
  // A link saved before a field was renamed filters the renamed field.
  const filters = useMemo(() => byCurrentNames(fields, params.filters), [fields, params.filters]);
  const [columns, setColumns] = useRecordColumns(table._id, fields);
  const [showFilters, setShowFilters] = useState(Object.keys(filters).length > 0);
  const [selection, setSelection] = useState<{ scope: string; ids: Set<string> }>({
    scope: '',
    ids: new Set(),
  });
  const [removing, setRemoving] = useState<Entity | null>(null);
  const [massRemoving, setMassRemoving] = useState(false);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const removeOne = useDeleteRecord();
  const removeMany = useDeleteRecords();
  // An Operador edits records, a Leitor only reads them (docs/adr/0106).
  const denied = useCan('records.write').reason;

  const filter: EntityFilter = useMemo(
    () => ({ table: table._id, timezoneOffset: new Date().getTimezoneOffset(), fields: filters }),
    [table._id, filters],
  );
  const { data, isPending, isError, error } = useRecords({ page, size, filter });
  const rows = useMemo(() => data?.items ?? [], [data]);

  useClampedPage(data?.total, size, { page, setPage });

  // A selection belongs to the rows on screen: another page or filter starts it over, and a
  // record gone from the page leaves it.
  const scope = `${page}|${size}|${filterText}`;
  const selected = useMemo(
    () =>
      selection.scope === scope
        ? new Set(rows.filter((row) => selection.ids.has(row._id)).map((row) => row._id))
        : new Set<string>(),
    [selection, scope, rows],
  );
  const setSelected = (ids: Set<string>) => setSelection({ scope, ids });
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row._id));

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await removeOne.mutateAsync(removing._id);
      toast.success('Registro removido com sucesso!');
      toggle(removing._id, false);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setRemoving(null);
    }
  };

  const confirmMassRemove = async () => {
    try {
      await removeMany.mutateAsync([...selected]);
      toast.success('Registros removidos com sucesso!');
      setSelected(new Set());
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setMassRemoving(false);
    }
  };

  const someSelected = !allSelected && rows.some((row) => selected.has(row._id));
  const selectAll = (
    <Checkbox
      aria-label="Selecionar todos"
      label={isPhone ? 'Selecionar todos' : undefined}
      checked={allSelected}
      indeterminate={someSelected}
      onChange={(event) =>
        setSelected(event.currentTarget.checked ? new Set(rows.map((row) => row._id)) : new Set())
      }
    />
  );

  const tableColumns: TableColumn<Entity>[] = [
    {
      key: 'select',
      width: 52,
      // On a phone each card would repeat a column's header: 'select all' goes above the cards.
      header: isPhone ? null : selectAll,
      render: (row) => (
        <Checkbox
          aria-label={`Selecionar o registro ${row._id}`}
          checked={selected.has(row._id)}
          onChange={(event) => toggle(row._id, event.currentTarget.checked)}
        />
      ),
    },
    ...fields
      .filter((field) => columns.includes(field.name))
      .map<TableColumn<Entity>>((field) => ({
        key: `field-${field.name}`,
        header: field.label || field.name,
        // Texts share the room; a number or a date keeps one line.
        width: field.type === 'string' || field.type === 'longtext' ? undefined : 170,
        render: (row) => (
          <Text
            size="sm"
            style={
              field.type === 'string' || field.type === 'longtext'
                ? { wordBreak: 'break-word' }
                : { whiteSpace: 'nowrap' }
            }
          >
            {displayValue(field, row.data[field.name])}
          </Text>
        ),
      })),
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      width: 100,
      render: (row) => (
        <EditRemoveActions
          edit={{ to: `/database/entities/edit/${row._id}` }}
          remove={{ onClick: () => setRemoving(row) }}
          denied={denied}
        />
      ),
    },
  ];

  const createButton = (
    <DeniedButton
      to={`/database/entities/new/${table._id}`}
      denied={denied}
      leftSection={<IconPlus size={16} />}
    >
      Novo registro
    </DeniedButton>
  );

  return (
    <>
      <PageHeader
        title={`Registros - ${table.name}`}
        description={
          <Link to="/database/tables" style={{ color: 'inherit' }}>
            Voltar para as tabelas
          </Link>
        }
        actions={
          <>
            <RecordsExportMenu
              table={table}
              filter={filter}
              columns={columns}
              total={data?.total ?? 0}
            />
            {createButton}
          </>
        }
      />
      <Stack gap="md">
        <RecordsToolbar
          fields={fields}
          columns={columns}
          onColumnsChange={setColumns}
          showFilters={showFilters}
          onToggleFilters={() => setShowFilters((shown) => !shown)}
          selectedCount={selected.size}
          onMassRemove={() => setMassRemoving(true)}
          removeDenied={denied}
          size={size}
          onSizeChange={setSize}
        />
        {showFilters ? (
          <RecordFilters key={filterText} fields={fields} value={filters} onApply={setFilters} />
        ) : null}
        {isPhone && rows.length ? selectAll : null}
        {isError ? (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : (
          <PaginatedTable
            label="Registros"
            columns={tableColumns}
            rows={rows}
            rowKey={(row) => row._id}
            page={page}
            total={data?.total ?? 0}
            pageSize={size}
            onPageChange={(next) => setPage(next)}
            loading={isPending}
            cards={isPhone}
            empty={
              Object.keys(filters).length ? (
                <EmptyState title="Nenhum registro encontrado para estes filtros." />
              ) : (
                <EmptyState title="Nenhum registro nesta tabela ainda." action={createButton} />
              )
            }
          />
        )}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title="Remover registro"
        message={messages.records.removeConfirm}
        danger
        loading={removeOne.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmModal
        opened={massRemoving}
        title="Remover registros"
        message={messages.records.massRemoveConfirm(selected.size)}
        danger
        loading={removeMany.isPending}
        onConfirm={() => void confirmMassRemove()}
        onCancel={() => setMassRemoving(false)}
      />
    </>
  );
}
