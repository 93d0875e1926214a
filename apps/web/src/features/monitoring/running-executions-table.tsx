import { Anchor, Group, Paper, Table, Text } from '@mantine/core';
import { ExecutionIdText } from './execution-id-text';
import { formatDateTime, formatElapsed } from '@ponte/shared/format';
import type { RunningExecution } from '@ponte/shared/monitoring.schema';
import { EmptyState } from '../../components/empty-state';
import { DeniedButton } from '../../components/denied-button';
import { useCan } from '../../lib/session/use-can';
import { UnawaitedBadge } from './unawaited-badge';
import { useNow } from './use-now';

interface RunningExecutionsTableProps {
  executions: RunningExecution[];
  labelOf: (type: string) => string;
  nameOf: (flowId: string) => string | undefined;
  /** Executions whose stop was asked from this page. */
  stopping: ReadonlySet<string>;
  onStop: (executionId: string) => void;
}

/** The execution's flow, opened in a new tab: its name, or its id once the flow is gone. */
export function FlowTabLink({
  execution,
  nameOf,
}: {
  execution: { flow_id: string; flow_name: string | null };
  nameOf: (flowId: string) => string | undefined;
}) {
  return (
    <Anchor
      href={`/flows/${encodeURIComponent(execution.flow_id)}`}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
    >
      {execution.flow_name ?? nameOf(execution.flow_id) ?? execution.flow_id}
    </Anchor>
  );
}

/** Every log of one execution (spec 2 'Active flows'): the 1000d period plus its id. */
export function executionLogsHref(executionId: string): string {
  const filters = JSON.stringify({ date_alias: '1000d', execution_id: executionId });
  return `/monitoring?filters=${encodeURIComponent(filters)}`;
}

/** The running executions, fed live; the elapsed time ticks every second. */
export function RunningExecutionsTable({
  executions,
  labelOf,
  nameOf,
  stopping,
  onStop,
}: RunningExecutionsTableProps) {
  const now = useNow(1000);
  // Stopping is 'executar e parar flows' (docs/adr/0106).
  const stopDenied = useCan('flows.run').reason;

  if (executions.length === 0) {
    return (
      <Paper withBorder radius="md" p="md">
        <EmptyState title="Nenhum flow em execução no momento." />
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760}>
        <Table aria-label="Flows em execução" verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th miw={190}>Flow</Table.Th>
              <Table.Th>Gatilho</Table.Th>
              <Table.Th w={170}>Início</Table.Th>
              <Table.Th w={140}>Tempo decorrido</Table.Th>
              <Table.Th>ID da execução</Table.Th>
              <Table.Th w={120} ta="right">
                Ações
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {executions.map((execution) => {
              const isStopping = execution.stop_execution || stopping.has(execution.execution_id);
              const started = Date.parse(execution.start_time);
              return (
                <Table.Tr key={execution.execution_id}>
                  <Table.Td>
                    <Group gap={6}>
                      <FlowTabLink execution={execution} nameOf={nameOf} />
                      <UnawaitedBadge at={execution.unawaited_at} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{labelOf(execution.trigger_type)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(execution.start_time)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {Number.isNaN(started) ? '' : formatElapsed(now - started)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ExecutionIdText
                      id={execution.execution_id}
                      href={executionLogsHref(execution.execution_id)}
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    <DeniedButton
                      size="xs"
                      color="red"
                      variant="light"
                      disabled={isStopping}
                      onClick={() => onStop(execution.execution_id)}
                      denied={stopDenied}
                    >
                      {isStopping ? 'Stopping' : 'Parar'}
                    </DeniedButton>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
