import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Title and the way back to the account panel, shared by the /conta/… pages. */
export function AccountPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Anchor component={Link} to="/conta" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={15} />
            Painel da conta
          </Group>
        </Anchor>
        <Title order={2} fz={24}>
          {title}
        </Title>
      </Stack>
      {children}
    </Stack>
  );
}
