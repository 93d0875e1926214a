import { Code, Group, Text } from '@mantine/core';
import { CopyIconButton } from '../../../components/copy-icon-button';

/** The execution's OpenTelemetry trace id, copyable (docs/adr/0131); nothing without one. */
export function ExecutionTraceId({ traceId }: { traceId: string | null | undefined }) {
  if (!traceId) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" c="dimmed" component="span">
        Trace
      </Text>
      <Code fz="xs" aria-label="Trace">
        {traceId}
      </Code>
      <CopyIconButton value={traceId} label="Copiar trace" />
    </Group>
  );
}
