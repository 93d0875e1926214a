import { Center, Loader, Paper, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pagination } from './pagination';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

interface PaginatedTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: TableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  loading?: boolean;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}

/** A bordered table with the spec's pagination under it. */
export function PaginatedTable<T>({
  label,
  columns,
  rows,
  rowKey,
  page,
  total,
  pageSize,
  onPageChange,
  loading,
  empty,
}: PaginatedTableProps<T>) {
  if (loading && rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Center>
          <Loader size="sm" aria-label="Carregando" />
        </Center>
      </Paper>
    );
  }
  if (rows.length === 0 && empty) {
    return (
      <Paper withBorder radius="md" p="md">
        {empty}
      </Paper>
    );
  }

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={label} verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} w={column.width} ta={column.align}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.align}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Pagination page={page} total={total} pageSize={pageSize} onChange={onPageChange} />
    </Stack>
  );
}
