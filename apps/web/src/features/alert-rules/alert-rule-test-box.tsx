import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { AlertRuleBody, AlertRuleTestResult } from '@ponte/shared/alert-rules.schema';
import { formatDateTime, truncate } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { useTestAlertRule } from './api/get-alert-rules';

const m = messages.alertRules;
/** A log message is cut to this many characters in the test list. */
const messageCut = 120;

function TestResults({ result }: { result: AlertRuleTestResult }) {
  if (result.items.length === 0) return <Text c="dimmed">{m.testNoLogs}</Text>;
  return (
    <Stack gap="xs">
      <Text fw={600} role="status">
        {m.testSummary(result.matched, result.items.length)}
      </Text>
      <Table.ScrollContainer minWidth={560} mah={360}>
        <Table verticalSpacing={4} fz="xs" aria-label="Logs testados">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Quando</Table.Th>
              <Table.Th>Flow</Table.Th>
              <Table.Th>Label</Table.Th>
              <Table.Th>Mensagem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.items.map((line) => (
              <Table.Tr
                key={line._id}
                data-matched={line.matched || undefined}
                bg={line.matched ? 'var(--mantine-color-yellow-light)' : undefined}
                c={line.matched ? undefined : 'dimmed'}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(line.created_at)}
                </Table.Td>
                <Table.Td>{line.flow_name}</Table.Td>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  {line.matched ? (
                    <Badge size="xs" color="yellow" variant="filled" mr={6}>
                      {m.testMatched}
                    </Badge>
                  ) : null}
                  {truncate(line.message, messageCut)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** 'Testar': which of the workspace's (or the flow's) last 100 logs the match fields take. */
export function AlertRuleTestBox({ body }: { body: AlertRuleBody }) {
  const test = useTestAlertRule();
  const fields = {
    match_log_type: body.match_log_type,
    match_log_json_field: body.match_log_json_field,
    match_log_content: body.match_log_content,
    flow_id: body.flow_id || null,
  };
  // An answer is shown only while the fields are the ones it was asked for.
  const asked = JSON.stringify(fields);
  const [answered, setAnswered] = useState<string | null>(null);
  const current = answered === asked;
  const run = () => {
    setAnswered(asked);
    test.mutate(fields);
  };
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
            {m.testHint}
          </Text>
          <Button
            variant="default"
            leftSection={<IconFlask size={16} />}
            loading={test.isPending}
            onClick={run}
          >
            {m.testTitle}
          </Button>
        </Group>
        {current && test.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(test.error)}
          </Alert>
        ) : null}
        {current && test.isSuccess ? <TestResults result={test.data} /> : null}
      </Stack>
    </Paper>
  );
}
