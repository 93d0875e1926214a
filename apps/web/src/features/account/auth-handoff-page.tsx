import { useEffect, useRef, useState } from 'react';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '@ponte/shared/account.schema';
import { useNavigate, useSearchParams } from 'react-router';
import { getCurrentWorkspace } from '../../lib/session/api/get-current-workspace';
import { getMe } from '../../lib/session/api/get-me';
import { decodeJwtPayload } from '../../lib/session/jwt';
import {
  hasActiveSession,
  storeSessionToken,
  userStore,
  workspaceStore,
} from '../../lib/session/session-store';
import { clearSession } from '../../lib/session/sign-out';

/** Whose the token says it is (`sub`, unverified: the server checks it). */
function subjectOf(token: string): string | null {
  const claims = decodeJwtPayload(token) as { sub?: unknown } | null;
  return typeof claims?.sub === 'string' ? claims.sub : null;
}

/** The person signed in now, when a live session of someone other than `token`'s is stored. */
function otherUserSignedIn(token: string | null): Me | null {
  const current = userStore.get();
  if (!token || !current || !hasActiveSession()) return null;
  return subjectOf(token) === current._id ? null : current;
}

interface Replacing {
  current: Me;
  next: Me;
}

/**
 * /auth (spec 1 §2.3): clears the stored session, stores the token of the query and its expiry,
 * loads the user and the current workspace, then goes to '/'. Any failure: sign-in page.
 * The token leaves the address bar at once. When another person's session is stored, it asks
 * before replacing it (ADR 0016); keeping it goes to '/'.
 */
export function AuthHandoffPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = params.get('token');
  const started = useRef(false);
  const [replacing, setReplacing] = useState<Replacing | null>(null);

  const handOff = () => {
    clearSession();
    queryClient.clear();
    const run = async () => {
      if (!token) throw new Error('Token ausente.');
      storeSessionToken(token);
      const [me, workspace] = await Promise.all([getMe(), getCurrentWorkspace()]);
      userStore.set(me);
      workspaceStore.set(workspace);
    };
    run().then(
      () => void navigate('/', { replace: true }),
      (error: unknown) => {
        console.warn('Falha na entrada.', error);
        clearSession();
        void navigate('/conta/entrar', { replace: true });
      },
    );
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The token is not kept in the address bar nor in the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const current = otherUserSignedIn(token);
    if (!current || !token) return handOff();
    getMe({ token, silent: true }).then(
      (next) => setReplacing({ current, next }),
      (error: unknown) => {
        // A token that opens nothing never replaces the session there is.
        console.warn('Falha na entrada.', error);
        void navigate('/', { replace: true });
      },
    );
    // handOff reads the same token and navigation; it runs once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, navigate, queryClient]);

  if (replacing) {
    const { current, next } = replacing;
    return (
      <Center h="100vh">
        <Stack align="center" gap="md" maw={420}>
          <Text ta="center">
            Você já está conectado como {current.name}. Deseja entrar como {next.name}?
          </Text>
          <Group>
            <Button variant="default" onClick={() => void navigate('/', { replace: true })}>
              Manter sessão atual
            </Button>
            <Button
              onClick={() => {
                setReplacing(null);
                handOff();
              }}
            >
              Entrar como {next.name}
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }

  return (
    <Center h="100vh">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed">Redirecionando...</Text>
      </Stack>
    </Center>
  );
}
