import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useShellLayout } from '../../lib/shell/shell-layout';
import { AppHeader } from './app-header';
import { Sidebar } from './sidebar';

/** The workspace app: header, collapsible sidebar and the page. */
export function AppShellLayout() {
  const layout = useShellLayout();
  const [mobileOpened, { toggle, close }] = useDisclosure(false);
  // On a phone the sidebar is a full-width drawer: never icons only.
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const sidebarMinimised = layout.sidebarMinimised && !isPhone;
  const { headerHidden, fullBleed } = layout;

  return (
    <AppShell
      header={{ height: 60, collapsed: headerHidden }}
      navbar={{
        width: sidebarMinimised ? 68 : 264,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding={fullBleed ? 0 : 'lg'}
    >
      <AppShell.Header>
        <AppHeader mobileOpened={mobileOpened} onToggleMobile={toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar minimised={sidebarMinimised} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        {fullBleed ? (
          <Outlet />
        ) : (
          <Box maw={1360} mx="auto">
            <Outlet />
          </Box>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
