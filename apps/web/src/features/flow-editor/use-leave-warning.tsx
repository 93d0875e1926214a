import { useEffect, useRef } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from 'react-router';

/**
 * Spec 1 §2.6: leaving with unsaved changes warns, both on a route change (a modal) and when
 * the tab is closed or reloaded (the browser's own dialog). `allow()` lets the next navigation
 * through (after a save that moves to the new flow's address). `message` replaces the text
 * (a running debug session).
 */
export function useLeaveWarning(
  active: boolean,
  message = 'Existem alterações não salvas no fluxo. Deseja sair mesmo assim?',
) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const modal = (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Sair do editor?"
      centered
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Continuar editando
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Sair sem salvar
        </Button>
      </Group>
    </Modal>
  );

  return {
    modal,
    allow: () => {
      allowed.current = true;
    },
  };
}
