import {
  Avatar,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconBuildingCommunity,
  IconKey,
  IconChevronRight,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSessionUser, useSessionWorkspace } from '../../lib/session/session-store';
import { useCan } from '../../lib/session/use-can';
import classes from './account.module.css';
import { useInstanceOwner } from './use-instance-owner';

interface PanelLink {
  label: string;
  description: string;
  to: string;
  icon: Icon;
}

/** /conta: the account panel. */
export function AccountHomePage() {
  const user = useSessionUser();
  const workspace = useSessionWorkspace();
  const manageMembers = useCan('members.manage');
  const audit = useCan('audit.read');
  const instanceOwner = useInstanceOwner();

  const links: PanelLink[] = [
    {
      label: 'Meu perfil',
      description: 'Nome e senha de acesso.',
      to: '/conta/perfil',
      icon: IconUser,
    },
    {
      label: 'Workspaces',
      description: 'Os workspaces de que você participa.',
      to: '/conta/workspaces',
      icon: IconBuildingCommunity,
    },
    {
      label: 'Configurações do workspace',
      description: 'Orçamento mensal de tokens de IA e o quanto já foi usado no mês.',
      to: '/conta/workspace',
      icon: IconSettings,
    },
  ];
  links.push({
    label: 'Membros',
    description: manageMembers.allowed
      ? 'Quem participa do workspace, com que papel; adicione pessoas.'
      : 'Quem participa do workspace e com que papel.',
    to: '/conta/usuarios',
    icon: IconUsers,
  });
  if (audit.allowed) {
    links.push({
      label: 'Auditoria',
      description: 'Quem alterou o quê, quando e de onde, e os eventos de segurança.',
      to: '/conta/auditoria',
      icon: IconShieldLock,
    });
  }
  if (instanceOwner.allowed) {
    links.push({
      label: 'Login único (SSO)',
      description: 'Entrar com a conta da empresa (OpenID Connect) e o login com senha.',
      to: '/conta/login-unico',
      icon: IconKey,
    });
  }

  return (
    <Stack gap="lg">
      <Title order={2} fz={24}>
        Painel da conta
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Group gap="md" wrap="nowrap">
          <Avatar size={52} radius="xl" color="blue" variant="filled">
            {(user?.name ?? '?').trim().charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" truncate="end">
              {user?.name}
            </Text>
            <Text size="sm" c="dimmed" truncate="end">
              {user?.email}
            </Text>
            {workspace ? (
              <Text size="sm" c="dimmed">
                {user?.customer.name} · workspace {workspace.name}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {links.map((link) => (
          <UnstyledButton key={link.to} component={Link} to={link.to} className={classes.panelLink}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size={38} radius="md">
                <link.icon size={20} stroke={1.6} />
              </ThemeIcon>
              <IconChevronRight size={16} color="var(--mantine-color-gray-5)" />
            </Group>
            <Text fw={600} mt="sm">
              {link.label}
            </Text>
            <Text size="sm" c="dimmed">
              {link.description}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Button component={Link} to="/flows" leftSection={<IconArrowLeft size={16} />}>
          Voltar para o Ponte
        </Button>
        <Button
          component={Link}
          to="/conta/sair"
          variant="default"
          color="red"
          leftSection={<IconLogout size={16} />}
        >
          Sair
        </Button>
      </Group>
    </Stack>
  );
}
