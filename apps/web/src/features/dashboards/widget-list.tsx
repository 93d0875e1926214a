import { Group, Pagination, ScrollArea, Table, Text } from '@mantine/core';
import { messages } from '@ponte/shared/messages';
import type { ListResult } from '@ponte/shared/dashboards.schema';
import { formatCell } from './widget-formats';

interface WidgetListProps {
  result: ListResult;
  /** A page change: the view queries this widget alone. */
  onPage?: (page: number) => void;
  /** What the table lists, for screen readers. */
  label: string;
}

/** log_list and database_list (spec 2 §3): a compact table of the columns, paged. */
export function WidgetList({ result, onPage, label }: WidgetListProps) {
  if (result.items.length === 0)
    return (
      <Text size="sm" c="dimmed" ta="center" py="sm">
        {messages.dashboards.noData}
      </Text>
    );
  return (
    <>
      <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
        <Table striped fz="xs" verticalSpacing={4} horizontalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {result.columns.map((column) => (
                <Table.Th key={column.key}>{column.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.items.map((item, index) => (
              <Table.Tr key={typeof item._id === 'string' ? item._id : index}>
                {result.columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    style={{
                      whiteSpace: column.type === 'date' ? 'nowrap' : undefined,
                      textAlign: column.type === 'number' ? 'right' : undefined,
                    }}
                  >
                    {formatCell(item[column.key], column.type)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {result.total_pages > 1 ? (
        <Group justify="center" pt={4}>
          <Pagination
            size="xs"
            total={result.total_pages}
            value={result.page}
            onChange={(page) => onPage?.(page)}
            siblings={0}
            getControlProps={(control) => ({
              'aria-label':
                control === 'next'
                  ? 'Próxima página'
                  : control === 'previous'
                    ? 'Página anterior'
                    : undefined,
            })}
            getItemProps={(page) => ({ 'aria-label': `Página ${page}` })}
          />
        </Group>
      ) : null}
    </>
  );
}
