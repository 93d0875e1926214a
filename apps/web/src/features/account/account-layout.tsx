import { Box, Group, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';

/** The account panel (/conta/…): a simple centred column, outside the app shell. */
export function AccountLayout() {
  return (
    <Box mih="100vh" bg="gray.0" py={48} px="md">
      <Stack align="center" gap={28}>
        <Group gap={10} wrap="nowrap">
          <img src="/favicon.svg" alt="" width={34} height={34} />
          <Text fz={26} fw={700} c="gray.9">
            Ponte
          </Text>
        </Group>
        <Box w="100%" maw={620}>
          <Outlet />
        </Box>
      </Stack>
    </Box>
  );
}
