import {
  ActionIcon,
  Badge,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import type { AlertFiring, AlertFiringState } from '@ponte/shared/alert-rules.schema';
import { formatDateTime } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { useAlertFirings } from './api/get-alert-rules';

const m = messages.alertRules;
const stateColors: Record<AlertFiringState, string> = {
  open: 'blue',
  due: 'gray',
  sending: 'cyan',
  sent: 'teal',
  failed: 'red',
};

/** HTTP status and/or the last try's text, and how many tries. */
function resultOf(firing: AlertFiring): string {
  const parts = [
    firing.result_status != null ? `HTTP ${firing.result_status}` : null,
    firing.result_message,
    firing.attempts > 0 ? m.firingAttempts(firing.attempts) : null,
  ];
  return parts.filter(Boolean).join(' · ') || '—';
}

function FiringRow({ firing }: { firing: AlertFiring }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(firing.opened_at)}</Table.Td>
      <Table.Td>
        {m.firingKinds[firing.kind]}
        {firing.summary ? (
          <Text size="xs" c="dimmed">
            {firing.summary}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{firing.kind === 'match' ? firing.count.toLocaleString('pt-BR') : '—'}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={stateColors[firing.state]}>
          {m.firingStates[firing.state]}
        </Badge>
      </Table.Td>
      <Table.Td style={{ wordBreak: 'break-word' }}>{resultOf(firing)}</Table.Td>
    </Table.Tr>
  );
}

/** On a phone, one card per firing: every column stays in sight without a sideways scroll. */
function FiringCards({ items }: { items: AlertFiring[] }) {
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      aria-label={m.firingsTitle}
      style={{ listStyle: 'none' }}
    >
      {items.map((firing) => (
        <Paper component="li" key={firing._id} withBorder radius="sm" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{formatDateTime(firing.opened_at)}</Text>
              <Badge variant="light" color={stateColors[firing.state]}>
                {m.firingStates[firing.state]}
              </Badge>
            </Group>
            <Text size="sm">
              {m.firingKinds[firing.kind]}
              {firing.kind === 'match' ? ` · ${firing.count.toLocaleString('pt-BR')}` : ''}
            </Text>
            {firing.summary ? (
              <Text size="xs" c="dimmed">
                {firing.summary}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {resultOf(firing)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function FiringTable({ items }: { items: AlertFiring[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={m.firingsTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Quantidade</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Resultado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((firing) => (
            <FiringRow key={firing._id} firing={firing} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The edit page's last firings of the rule (newest 20), with a refresh button. */
export function AlertRuleFirings({ id }: { id: string }) {
  const firings = useAlertFirings(id);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const items = firings.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="lg">
            {m.firingsTitle}
          </Title>
          <Tooltip label="Atualizar">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Atualizar disparos"
              loading={firings.isFetching}
              onClick={() => void firings.refetch()}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {firings.isPending ? <Loader size="sm" aria-label="Carregando" /> : null}
        {firings.isError ? <Text c="red">{errorMessage(firings.error)}</Text> : null}
        {firings.isSuccess && items.length === 0 ? <Text c="dimmed">{m.firingsEmpty}</Text> : null}
        {items.length > 0 ? (
          isPhone ? (
            <FiringCards items={items} />
          ) : (
            <FiringTable items={items} />
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
