import { ActionIcon, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

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
      <CopyButton value={traceId}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copiado' : 'Copiar trace'}>
            <ActionIcon
              size="xs"
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              aria-label="Copiar trace"
              onClick={copy}
            >
              {copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
