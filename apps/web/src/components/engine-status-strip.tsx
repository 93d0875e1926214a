import { Anchor, Badge, Code, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useEngineStatus } from '../lib/engine/get-engine-status';

interface EngineStatusStripProps {
  /** Stops the polling (the live executions page pauses it while the engine restarts). */
  paused?: boolean;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Text size="sm">
      {label}:{' '}
      <Text span fw={600}>
        {value}
      </Text>
    </Text>
  );
}

/**
 * Spec 1 §2.9: Online/Offline, flows running, scheduled jobs, internal queues (a link to
 * /queues) and the engine endpoint, polled every second. A failed poll reads Offline with zeros.
 */
export function EngineStatusStrip({ paused = false }: EngineStatusStripProps) {
  const { data, isError } = useEngineStatus({ paused });
  const status = isError ? undefined : data;
  const online = status?.running === true;
  const endpoint = status?.endpoint ?? `${window.location.origin}/engine`;

  return (
    <Paper withBorder radius="md" px="md" py="sm" aria-label="Status da engine" role="region">
      <Group gap="lg" wrap="wrap">
        <Badge color={online ? 'teal' : 'red'} variant="light">
          {online ? 'Online' : 'Offline'}
        </Badge>
        <Count label="Flows em execução" value={status?.running_flows_count ?? 0} />
        <Count label="Jobs agendados" value={status?.scheduled_jobs ?? 0} />
        <Anchor component={Link} to="/queues" size="sm" c="inherit">
          Filas internas:{' '}
          <Text span fw={600}>
            {status?.queues.registered_queues ?? 0}
          </Text>
        </Anchor>
        <Text size="sm" c="dimmed">
          Endereço da engine: <Code>{endpoint}</Code>
        </Text>
      </Group>
    </Paper>
  );
}
