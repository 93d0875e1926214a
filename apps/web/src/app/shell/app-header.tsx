import { ActionIcon, Box, Burger, Button, Group, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconBook, IconLifebuoy } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useAccountConfig } from './api/get-account-config';
import { GroupSelector } from './group-selector';
import { UserMenu } from './user-menu';
import classes from './header.module.css';

interface AppHeaderProps {
  mobileOpened: boolean;
  onToggleMobile: () => void;
}

function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** Spec 1 §2.2: back, group selector, documentation and support, user menu. */
export function AppHeader({ mobileOpened, onToggleMobile }: AppHeaderProps) {
  const navigate = useNavigate();
  const { data: config } = useAccountConfig();

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label={mobileOpened ? 'Fechar menu' : 'Abrir menu'}
        />
        <Link to="/flows" className={classes.brand} aria-label="Ponte">
          <img src="/favicon.svg" alt="" className={classes.brandMark} />
          <Box component="span" visibleFrom="xs">
            Ponte
          </Box>
        </Link>
        <Tooltip label="Voltar">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Voltar"
            onClick={() => void (canGoBack() ? navigate(-1) : navigate('/flows'))}
            ml={{ base: 0, sm: 'md' }}
          >
            <IconArrowLeft size={19} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ flex: 1, minWidth: 0 }}>
        <GroupSelector />
        {config?.docs_url ? (
          <Button
            component="a"
            href={config.docs_url}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            leftSection={<IconBook size={17} stroke={1.6} />}
            visibleFrom="md"
          >
            Documentação
          </Button>
        ) : null}
        {config?.support_url ? (
          <Button
            component="a"
            href={config.support_url}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            leftSection={<IconLifebuoy size={17} stroke={1.6} />}
            visibleFrom="md"
          >
            Suporte
          </Button>
        ) : null}
        <UserMenu />
      </Group>
    </Group>
  );
}
