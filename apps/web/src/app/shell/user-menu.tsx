import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSessionUser } from '../../lib/session/session-store';
import classes from './header.module.css';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Spec 1 §2.2: customer name and e-mail, 'Meu perfil' and 'Sair'. */
export function UserMenu() {
  const user = useSessionUser();

  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="Menu do usuário" className={classes.userButton}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} radius="xl" color="blue" variant="filled">
              {initials(user?.name ?? user?.email ?? '')}
            </Avatar>
            <IconChevronDown size={14} stroke={1.8} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={8}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.04em">
            {user?.customer.name ?? ''}
          </Text>
          <Text size="sm" fw={500} truncate="end" mt={2}>
            {user?.email ?? ''}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to="/conta/perfil" leftSection={<IconUser size={16} />}>
          Meu perfil
        </Menu.Item>
        {/* A route change, so an editor with unsaved changes asks first (docs/adr/0070). */}
        <Menu.Item
          component={Link}
          to="/conta/sair"
          color="red"
          leftSection={<IconLogout size={16} />}
        >
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
