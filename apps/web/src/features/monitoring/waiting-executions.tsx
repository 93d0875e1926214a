import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@ponte/shared/format';
import type { WaitingExecution } from '@ponte/shared/monitoring.schema';
import { DeniedButton } from '../../components/denied-button';
import { errorMessage } from '../../lib/api/api-error';
import { useCan } from '../../lib/session/use-can';
import { toast } from '../../lib/toasts';
import { useRunNow, useWaitingExecutions, waitingQueryKey } from './api/get-waiting-executions';
import { useStopExecution } from './api/stop-execution';
import { ExecutionIdText } from './execution-id-text';
import { executionLogsHref, FlowTabLink } from './running-executions-table';
import { WaitingApprovers } from './waiting-approvers';

const statusLabels: Record<WaitingExecution['status'], string> = {
  queued: 'Na fila',
  waiting: 'Aguardando',
};
const reasonColors: Record<WaitingExecution['reason']['kind'], string> = {
  worker: 'red',
  concurrency: 'orange',
  slot: 'gray',
  retry: 'yellow',
  delay: 'cyan',
  call: 'teal',
  approval: 'indigo',
};

/**
 * 'Na fila e aguardando' of /monitoring/active (docs/adr/0111): every queued or waiting
 * execution with why it has not run, asked every 3 s, and for an approval whom it waits for;
 * 'Executar agora' skips a new attempt's wait, 'Parar' ends it. Hidden when there are none.
 */
export function WaitingExecutions({ nameOf }: { nameOf: (flowId: string) => string | undefined }) {
  const waiting = useWaitingExecutions();
  const runNow = useRunNow();
  const stop = useStopExecution();
  const client = useQueryClient();
  const denied = useCan('flows.run').reason;
  const [busy, setBusy] = useState<string | null>(null);
  const items = waiting.data?.items ?? [];

  const act = async (executionId: string, action: () => Promise<unknown>, done: string) => {
    setBusy(executionId);
    try {
      await action();
      toast.success(done);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: waitingQueryKey });
    }
  };

  if (items.length === 0) return null;
  return (
    <section aria-labelledby="waiting-executions-title">
      <Group gap="xs" mb="sm">
        <Title order={3} fz="md" id="waiting-executions-title">
          Na fila e aguardando
        </Title>
        <Badge variant="light" color="gray" aria-hidden>
          {items.length}
        </Badge>
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={760}>
          <Table
            aria-label="Execuções na fila e aguardando"
            verticalSpacing="sm"
            horizontalSpacing="md"
          >
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th miw={170}>Flow</Table.Th>
                <Table.Th miw={260}>Motivo</Table.Th>
                <Table.Th w={170}>Desde</Table.Th>
                <Table.Th>ID da execução</Table.Th>
                <Table.Th w={220} ta="right">
                  Ações
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.execution_id}>
                  <Table.Td>
                    <FlowTabLink execution={item} nameOf={nameOf} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      <Badge
                        size="sm"
                        variant="light"
                        color={reasonColors[item.reason.kind]}
                        style={{ flexShrink: 0 }}
                      >
                        {statusLabels[item.status]}
                      </Badge>
                      <Stack gap={6} miw={0}>
                        <Text size="sm">{item.reason.text}</Text>
                        <WaitingApprovers approvers={item.approvers} />
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(item.since)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ExecutionIdText
                      id={item.execution_id}
                      href={executionLogsHref(item.execution_id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {item.run_now ? (
                        <DeniedButton
                          size="xs"
                          variant="light"
                          disabled={busy === item.execution_id}
                          onClick={() =>
                            void act(
                              item.execution_id,
                              () => runNow.mutateAsync(item.execution_id),
                              'Execução retomada.',
                            )
                          }
                          denied={denied}
                        >
                          Executar agora
                        </DeniedButton>
                      ) : null}
                      <DeniedButton
                        size="xs"
                        color="red"
                        variant="light"
                        disabled={busy === item.execution_id}
                        onClick={() =>
                          void act(
                            item.execution_id,
                            () => stop.mutateAsync(item.execution_id),
                            'Execução interrompida.',
                          )
                        }
                        denied={denied}
                      >
                        Parar
                      </DeniedButton>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </section>
  );
}
