import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FlowIssue } from '@ponte/shared/flow/flow-validator';

/** The validator's findings about one node, errors and warnings alike. */
export function NodeIssues({ issues }: { issues: FlowIssue[] }) {
  const hasError = issues.some((issue) => issue.level === 'error');
  return (
    <Alert
      color={hasError ? 'red' : 'yellow'}
      icon={<IconAlertCircle />}
      title="Problemas neste conector"
      p="sm"
    >
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {issues.map((issue, index) => (
          <Group key={index} component="li" gap={6} wrap="nowrap" align="flex-start">
            <Badge
              size="xs"
              color={issue.level === 'error' ? 'red' : 'yellow'}
              style={{ flexShrink: 0 }}
            >
              {issue.level === 'error' ? 'Erro' : 'Aviso'}
            </Badge>
            <Text size="sm">{issue.message}</Text>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
