import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatBytes } from '@ponte/shared/format';
import { locale } from '@ponte/shared/limits';
import type { SystemStatus } from '@ponte/shared/live.schema';

const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });

function Bar({ label, value, text }: { label: string; value: number; text: string }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Group>
      <Progress
        value={clamped}
        color={clamped > 85 ? 'red' : clamped > 60 ? 'yellow' : 'teal'}
        aria-label={label}
      />
    </Stack>
  );
}

/** Spec 2 'Active flows': memory (rss of the total) and CPU bars from the live system status. */
export function SystemUsageBars({ system }: { system: SystemStatus | null }) {
  const memory = system && system.totalMemory > 0 ? (system.rss / system.totalMemory) * 100 : 0;
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Bar
          label="Memória"
          value={memory}
          text={system ? `${formatBytes(system.rss)} de ${formatBytes(system.totalMemory)}` : '—'}
        />
        <Bar
          label="CPU"
          value={system?.cpuUsage ?? 0}
          text={
            system
              ? `${percent.format(system.cpuUsage)}% (${system.cpuCores} ${system.cpuCores === 1 ? 'núcleo' : 'núcleos'})`
              : '—'
          }
        />
      </SimpleGrid>
    </Paper>
  );
}
