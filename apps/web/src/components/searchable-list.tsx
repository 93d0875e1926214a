import type { ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { errorMessage } from '../lib/api/api-error';
import { EmptyState } from './empty-state';
import { PaginatedTable } from './paginated-table';
import type { TableColumn } from './paginated-table';
import { SearchBox } from './search-box';

interface SearchableListProps<T> {
  /** The search box's label ('Buscar dashboards'). */
  searchLabel: string;
  /** The table's accessible name. */
  label: string;
  columns: TableColumn<T>[];
  rowKey: (row: T) => string;
  /** The page as the list query answers it. */
  data: { items: T[]; total: number } | undefined;
  isPending: boolean;
  /** The list query's error, shown instead of the table. */
  error: unknown;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Whether a search or a group narrows the list (then `notFound` is shown when empty). */
  filtered: boolean;
  notFound: string;
  /** What the list shows before anything was created. */
  empty: { title: string; description: string; action: ReactNode };
}

/**
 * The body of a workspace list page: the search, then the table of one page (cards on a phone),
 * its error, and the empty states with and without a search.
 */
export function SearchableList<T>(props: SearchableListProps<T>) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const { data, error, empty } = props;
  return (
    <Stack gap="md">
      <SearchBox label={props.searchLabel} />
      {error ? (
        <Alert color="red" variant="light">
          {errorMessage(error)}
        </Alert>
      ) : (
        <PaginatedTable
          label={props.label}
          columns={props.columns}
          rows={data?.items ?? []}
          rowKey={props.rowKey}
          page={props.page}
          total={data?.total ?? 0}
          pageSize={props.pageSize}
          onPageChange={props.onPageChange}
          loading={props.isPending}
          cards={isPhone}
          empty={
            props.filtered ? (
              <EmptyState title={props.notFound} />
            ) : (
              <EmptyState
                title={empty.title}
                description={empty.description}
                action={empty.action}
              />
            )
          }
        />
      )}
    </Stack>
  );
}
