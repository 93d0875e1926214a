import { Anchor, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@ponte/shared/format';
import { jobStates } from '@ponte/shared/queues.schema';
import type { Queue } from '@ponte/shared/queues.schema';
import { messages } from '@ponte/shared/messages';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import { QueueStatusBadge, jobStateLabels } from './queue-status';

/** The queue's fields as a two-column table. */
export function QueueInfoTable({ queue }: { queue: Queue }) {
  const groups = useGroupOptions();
  const groupName = queue.group
    ? (groups.data?.items.find((item) => item._id === queue.group)?.name ?? '')
    : 'Sem grupo';
  const rows: [string, React.ReactNode][] = [
    ['Nome', queue.name],
    ['Status', <QueueStatusBadge key="status" status={queue.status} />],
    ['Grupo', groupName],
    [
      'Máximo por segundo',
      queue.max_per_second === 0 ? 'Sem limite' : queue.max_per_second.toLocaleString('pt-BR'),
    ],
    ['Criação', formatDateTime(queue.created_at)],
    ['Atualização', formatDateTime(queue.updated_at)],
    [
      'ID',
      <Text key="id" size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {queue._id}
      </Text>,
    ],
  ];
  return (
    <Table aria-label="Dados da fila" withRowBorders layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%" fw={500} c="dimmed">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The counters of jobs by state. */
export function QueueCounters({ queue }: { queue: Queue }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="sm" aria-label="Jobs por estado">
      {jobStates.map((state) => (
        <Paper
          key={state}
          withBorder
          radius="md"
          p="sm"
          role="group"
          aria-label={jobStateLabels[state]}
        >
          <Text size="xs" c="dimmed">
            {jobStateLabels[state]}
          </Text>
          <Text fz={22} fw={600}>
            {queue.queue_status[state].toLocaleString('pt-BR')}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The active consumer flow, linked to its editor, or why none consumes the queue. */
export function QueueConsumer({ queue }: { queue: Queue }) {
  if (!queue.flow_id)
    return (
      <Text size="sm" c="dimmed">
        {messages.queues.consumerMissing} Crie ou ative um flow com o gatilho "Fila interna"
        apontando para esta fila.
      </Text>
    );
  return (
    <Text size="sm">
      Flow consumidor:{' '}
      <Anchor component={Link} to={`/flows/${queue.flow_id._id}`} fw={500}>
        {queue.flow_id.name}
      </Anchor>
    </Text>
  );
}
