import { Badge, Stack, Table, Text } from '@mantine/core';
import type { NodeImportReportRow } from '@ponte/shared/flow-import.schema';
import { messages } from '@ponte/shared/messages';

const statusColor: Record<NodeImportReportRow['status'], string> = {
  translated: 'teal',
  adapted: 'yellow',
  not_translated: 'red',
};

/** One flow's report: every original node, what became of it and why. */
export function ImportReportTable({ name, rows }: { name: string; rows: NodeImportReportRow[] }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped withTableBorder verticalSpacing={6} aria-label={`Relatório de ${name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nó</Table.Th>
            <Table.Th>Tipo original</Table.Th>
            <Table.Th w={130}>Resultado</Table.Th>
            <Table.Th>Observações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.original_name}-${index}`}>
              <Table.Td>
                <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                  {row.original_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {row.original_type}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={statusColor[row.status]} variant="light" style={{ flexShrink: 0 }}>
                  {messages.flowImport.statusLabel[row.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {row.notes.map((note) => (
                    <Text key={note} size="xs">
                      {note}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
