import { Box, Center, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pagination } from './pagination';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
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
  /** One card per row instead of a table (narrow screens): each column under its header. */
  cards?: boolean;
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
  cards = false,
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

  const pagination = (
    <Pagination page={page} total={total} pageSize={pageSize} onChange={onPageChange} />
  );

  if (cards) {
    const shown = columns.filter((column) => !column.hiddenOnCards);
    return (
      <Stack gap="sm">
        <Stack gap="sm" component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Paper key={rowKey(row)} component="li" withBorder radius="md" p="sm">
              <Stack gap="xs">
                {shown.map((column) => (
                  <Box key={column.key} style={{ minWidth: 0 }}>
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
      {pagination}
    </Stack>
  );
}
