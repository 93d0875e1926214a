import { Box, Group, Stack, Text } from '@mantine/core';
import { Outlet, useMatches } from 'react-router';

/** A route's handle may ask for a wider column (a table): `{ ...handle, accountWide: true }`. */
export interface AccountWideHandle {
  accountWide?: boolean;
}

/** The account panel (/conta/…): a simple centred column, outside the app shell. */
export function AccountLayout() {
  const wide = useMatches().some(
    (match) => (match.handle as AccountWideHandle | undefined)?.accountWide === true,
  );
  return (
    <Box mih="100vh" bg="gray.0" py={48} px="md">
      <Stack align="center" gap={28}>
        <Group gap={10} wrap="nowrap">
          <img src="/favicon.svg" alt="" width={34} height={34} />
          <Text fz={26} fw={700} c="gray.9">
            Ponte
          </Text>
        </Group>
        <Box w="100%" maw={wide ? 1120 : 620}>
          <Outlet />
        </Box>
      </Stack>
    </Box>
  );
}
