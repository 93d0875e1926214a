import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { NodeImportReportRow } from '@ponte/shared/flow-import.schema';
import { messages } from '@ponte/shared/messages';

const statusColor: Record<NodeImportReportRow['status'], string> = {
  translated: 'teal',
  adapted: 'yellow',
  not_translated: 'red',
};

/** A type may break after its dots (a zero-width space after each), never inside a word. */
const breakableType = (type: string) => type.replace(/\./g, '.\u200b');

function StatusBadge({ status }: { status: NodeImportReportRow['status'] }) {
  return (
    <Badge color={statusColor[status]} variant="light" style={{ flexShrink: 0 }} miw="max-content">
      {messages.flowImport.statusLabel[status]}
    </Badge>
  );
}

function Notes({ notes }: { notes: string[] }) {
  return (
    <Stack gap={2}>
      {notes.map((note) => (
        <Text key={note} size="xs">
          {note}
        </Text>
      ))}
    </Stack>
  );
}

/** On a phone: one card per node, its result beside its name. */
function ReportCards({ name, rows }: { name: string; rows: NodeImportReportRow[] }) {
  return (
    <Stack gap="xs" role="list" aria-label={`Relatório de ${name}`}>
      {rows.map((row, index) => (
        <Paper key={`${row.original_name}-${index}`} withBorder p="xs" role="listitem">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {row.original_name}
            </Text>
            <StatusBadge status={row.status} />
          </Group>
          <Text size="xs" c="dimmed" ff="monospace">
            {breakableType(row.original_type)}
          </Text>
          {row.notes.length ? <Notes notes={row.notes} /> : null}
        </Paper>
      ))}
    </Stack>
  );
}

/** One flow's report: every original node, what became of it and why. */
export function ImportReportTable({ name, rows }: { name: string; rows: NodeImportReportRow[] }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <ReportCards name={name} rows={rows} />;
  return (
    <Table striped withTableBorder verticalSpacing={6} aria-label={`Relatório de ${name}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nó</Table.Th>
          <Table.Th>Tipo original</Table.Th>
          <Table.Th>Resultado</Table.Th>
          <Table.Th>Observações</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={`${row.original_name}-${index}`}>
            <Table.Td>
              <Text size="sm" fw={500} style={{ overflowWrap: 'break-word' }}>
                {row.original_name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="xs" c="dimmed" ff="monospace">
                {breakableType(row.original_type)}
              </Text>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={row.status} />
            </Table.Td>
            <Table.Td>
              <Notes notes={row.notes} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
