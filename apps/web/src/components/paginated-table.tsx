import { Box, Center, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Pagination } from './pagination';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** The column's width in px; columns without one share what is left (at least 120 px each). */
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** Left out of the cards layout (e.g. a picture that does not fit a phone). */
  hiddenOnCards?: boolean;
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
  /**
   * One card per row instead of a table: each column under its header. By default on a phone,
   * where a table's columns do not fit 390 px.
   */
  cards?: boolean;
}

/** The narrowest a column without a width gets before the table scrolls sideways. */
const flexibleColumnMin = 120;

/**
 * The width under which the table scrolls sideways: the columns' widths plus the least the
 * others need. Wider, the table fits its container and a cell's content never widens it.
 */
export function tableMinWidth(columns: { width?: number }[]): number {
  const sum = columns.reduce((total, column) => total + (column.width ?? flexibleColumnMin), 0);
  return Math.max(640, sum);
}

/**
 * A bordered table with the spec's pagination under it. The layout is fixed (docs/adr/0084):
 * columns with a width keep it, the others share the rest, and a long word is cut (see
 * `TruncatedText`) or wrapped, never pushing the row's actions out of view.
 */
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
  cards,
}: PaginatedTableProps<T>) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
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

  const pagination = (
    <Pagination page={page} total={total} pageSize={pageSize} onChange={onPageChange} />
  );

  if (cards ?? isPhone) {
    const shown = columns.filter((column) => !column.hiddenOnCards);
    return (
      <Stack gap="sm">
        <Stack gap="sm" component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Paper key={rowKey(row)} component="li" withBorder radius="md" p="sm">
              <Stack gap="xs">
                {/* A value given as plain text is written at the table's size, as its neighbours. */}
                {shown.map((column) => (
                  <Box key={column.key} fz="sm" style={{ minWidth: 0 }}>
                    {column.header ? (
                      <Text size="xs" c="dimmed" fw={600}>
                        {column.header}
                      </Text>
                    ) : null}
                    {column.render(row)}
                  </Box>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
        {pagination}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={tableMinWidth(columns)}>
          <Table
            aria-label={label}
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            layout="fixed"
          >
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
                    <Table.Td
                      key={column.key}
                      ta={column.align}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {pagination}
    </Stack>
  );
}
