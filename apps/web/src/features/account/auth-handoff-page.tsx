import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { getCurrentWorkspace } from '../../lib/session/api/get-current-workspace';
import { getMe } from '../../lib/session/api/get-me';
import { storeSessionToken, userStore, workspaceStore } from '../../lib/session/session-store';
import { clearSession } from '../../lib/session/sign-out';

/**
 * /auth (spec 1 §2.3): clears the stored session, stores the token of the query and its expiry,
 * loads the user and the current workspace, then goes to '/'. Any failure: sign-in page.
 */
export function AuthHandoffPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = params.get('token');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearSession();
    queryClient.clear();

    const handOff = async () => {
      if (!token) throw new Error('Token ausente.');
      storeSessionToken(token);
      const [me, workspace] = await Promise.all([getMe(), getCurrentWorkspace()]);
      userStore.set(me);
      workspaceStore.set(workspace);
    };

    handOff().then(
      () => void navigate('/', { replace: true }),
      (error: unknown) => {
        console.warn('Falha na entrada.', error);
        clearSession();
        void navigate('/conta/entrar', { replace: true });
      },
    );
  }, [token, navigate, queryClient]);

  return (
    <Center h="100vh">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed">Redirecionando...</Text>
      </Stack>
    </Center>
  );
}
