import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { leaveSession } from '../../lib/session/leave-session';

/**
 * /conta/sair, where every 'Sair' leads: ends the session on the server, clears it in the
 * browser (even offline) and goes to the sign-in page. It navigates by itself: on a direct visit
 * this effect runs before the root's sign-out listener is registered.
 */
export function SignOutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void leaveSession().then(() => navigate('/conta/entrar', { replace: true }));
  }, [navigate]);
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">Saindo...</Text>
      </Stack>
    </Center>
  );
}
