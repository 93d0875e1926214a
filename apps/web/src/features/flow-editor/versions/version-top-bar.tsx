import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

interface VersionTopBarProps {
  title: ReactNode;
  /** The bar's buttons, on the right (under the title on a phone). */
  children: ReactNode;
}

/** The bar over a version of a flow or a comparison of two, outside the editor. */
export function VersionTopBar({ title, children }: VersionTopBarProps) {
  return (
    <Paper component="header" withBorder radius={0} px="md" py="xs">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={1} fz="md" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Group gap="xs" wrap="wrap">
          {children}
        </Group>
      </Group>
    </Paper>
  );
}
