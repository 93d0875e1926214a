import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The title row of a page, with its main actions on the right. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md" mb="lg">
      <Stack gap={4} miw={0} maw="100%">
        {/* A 120-character name without spaces wraps rather than widening the page. */}
        <Title order={2} fz={26} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {/* On a phone, buttons that do not fit side by side go one under the other. */}
      {actions ? (
        <Group gap="sm" maw="100%">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
