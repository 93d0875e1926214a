import {
  AppShell,
  Badge,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBuildingCommunity,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconUserCircle,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useSessionWorkspace } from '../../lib/session/session-store';
import { toggleSidebar } from '../../lib/shell/shell-layout';
import { isNavItemActive, navSections } from './nav-items';
import classes from './sidebar.module.css';

interface SidebarLinkProps {
  label: string;
  to: string;
  icon: Icon;
  active: boolean;
  minimised: boolean;
  badge?: string;
  onNavigate?: () => void;
}

function SidebarLink({
  label,
  to,
  icon: ItemIcon,
  active,
  minimised,
  badge,
  onNavigate,
}: SidebarLinkProps) {
  const marks = badge ? (
    <Badge size="xs" variant="light" color="grape" radius="sm">
      {badge}
    </Badge>
  ) : undefined;
  const link = (
    <NavLink
      component={Link}
      to={to}
      label={minimised ? undefined : label}
      aria-label={minimised ? label : undefined}
      leftSection={<ItemIcon size={19} stroke={1.6} />}
      rightSection={minimised ? undefined : marks}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={classes.link}
      data-minimised={minimised || undefined}
    />
  );
  if (!minimised) return link;
  return (
    <Tooltip label={label} position="right">
      {link}
    </Tooltip>
  );
}

interface SidebarProps {
  minimised: boolean;
  /** Closes the sidebar on small screens after a link is followed. */
  onNavigate?: () => void;
}

/** Spec 1 §2.2: sections of links, the account panel link, workspace name and version. */
export function Sidebar({ minimised, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const workspace = useSessionWorkspace();

  return (
    <>
      <AppShell.Section grow component={ScrollArea} px="sm" py="md" aria-label="Menu principal">
        <Stack gap="lg" component="nav" aria-label="Navegação principal">
          {navSections.map((section) => (
            <Stack gap={2} key={section.title}>
              {minimised ? (
                <Divider mx="xs" mb={4} />
              ) : (
                <Text className={classes.sectionTitle}>{section.title}</Text>
              )}
              {section.items.map((item) => (
                <SidebarLink
                  key={item.to}
                  label={item.label}
                  to={item.to}
                  icon={item.icon}
                  badge={item.badge}
                  active={isNavItemActive(item, pathname)}
                  minimised={minimised}
                  onNavigate={onNavigate}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section px="sm" py="sm" className={classes.footer}>
        <SidebarLink
          label="Painel da conta"
          to="/conta"
          icon={IconUserCircle}
          active={false}
          minimised={minimised}
          onNavigate={onNavigate}
        />
        {minimised ? null : (
          <Group gap={8} px="sm" py={6} wrap="nowrap" c="dimmed">
            <IconBuildingCommunity size={17} stroke={1.6} style={{ flexShrink: 0 }} />
            <Text size="sm" truncate="end" title={workspace?.name} data-testid="workspace-name">
              {workspace?.name ?? ''}
            </Text>
          </Group>
        )}
        <Group
          justify={minimised ? 'center' : 'space-between'}
          px={minimised ? 0 : 'sm'}
          pt={4}
          wrap="nowrap"
        >
          {minimised ? null : (
            <Text size="xs" c="dimmed">
              v{__PONTE_VERSION__}
            </Text>
          )}
          <Tooltip label={minimised ? 'Expandir menu' : 'Recolher menu'} position="right">
            <UnstyledButton
              visibleFrom="sm"
              className={classes.collapse}
              onClick={toggleSidebar}
              aria-label={minimised ? 'Expandir menu' : 'Recolher menu'}
              aria-expanded={!minimised}
            >
              {minimised ? (
                <IconLayoutSidebarLeftExpand size={18} stroke={1.6} />
              ) : (
                <IconLayoutSidebarLeftCollapse size={18} stroke={1.6} />
              )}
            </UnstyledButton>
          </Tooltip>
        </Group>
      </AppShell.Section>
    </>
  );
}
