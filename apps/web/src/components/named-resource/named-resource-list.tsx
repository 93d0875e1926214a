import type { ReactNode } from 'react';
import { Alert, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { errorMessage } from '../../lib/api/api-error';
import { EmptyState } from '../empty-state';
import { PaginatedTable } from '../paginated-table';
import type { TableColumn } from '../paginated-table';
import { SearchBox } from '../search-box';

/** The part of `useNamedResourceList`'s answer the list shows. */
export interface NamedResourceListView<T> {
  data: { items: T[]; total: number } | undefined;
  isPending: boolean;
  /** The list query's error, shown instead of the table. */
  error: unknown;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** Whether a search or a group narrows the list (then `notFound` is shown when empty). */
  filtered: boolean;
}

interface NamedResourceListProps<T> {
  /** The search box's label ('Buscar dashboards'). */
  searchLabel: string;
  /** Filters beside the search box (the flows' status); the search stands alone without. */
  filters?: ReactNode;
  /** The table's accessible name. */
  label: string;
  columns: TableColumn<T>[];
  /** The row's key; its `_id` unless told. */
  rowKey?: (row: T) => string;
  list: NamedResourceListView<T>;
  notFound: string;
  /** What the list shows before anything was created. */
  empty: { title: string; description?: string; action: ReactNode };
}

/**
 * The body of a list page of a named resource: the search (and the page's filters), then the
 * table of one page (cards on a phone), its error, and the empty states with and without a
 * search.
 */
export function NamedResourceList<T extends { _id: string }>(props: NamedResourceListProps<T>) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const { list, empty } = props;
  const search = <SearchBox label={props.searchLabel} />;
  return (
    <Stack gap="md">
      {props.filters ? (
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          {search}
          {props.filters}
        </Group>
      ) : (
        search
      )}
      {list.error ? (
        <Alert color="red" variant="light">
          {errorMessage(list.error)}
        </Alert>
      ) : (
        <PaginatedTable
          label={props.label}
          columns={props.columns}
          rows={list.data?.items ?? []}
          rowKey={props.rowKey ?? ((row) => row._id)}
          page={list.page}
          total={list.data?.total ?? 0}
          pageSize={list.pageSize}
          onPageChange={list.setPage}
          loading={list.isPending}
          cards={isPhone}
          empty={
            list.filtered ? (
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
