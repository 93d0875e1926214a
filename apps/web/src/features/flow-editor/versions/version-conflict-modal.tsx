import { useState } from 'react';
import { Alert, Button, Flex, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import type { SaveConflict } from '../state/use-flow-save';

const m = messages.versions;

interface VersionConflictModalProps {
  conflict: SaveConflict | null;
  /** Hidden (not closed) while the other person's changes are shown over it. */
  hidden?: boolean;
  busy: boolean;
  onSeeChanges: () => void;
  /** Saves the editor's draft on top of the current version (confirmed). */
  onKeepMine: () => void;
  /** Loads the current version into the editor, the draft discarded (confirmed). */
  onReload: () => void;
  onClose: () => void;
}

type Step = 'choose' | 'keep' | 'reload';

/**
 * A save refused because someone saved the flow after the editor opened it (409, docs/adr/0103):
 * the server's message and three ways on; keeping one's own or reloading is confirmed first.
 */
export function VersionConflictModal({
  conflict,
  hidden = false,
  busy,
  onSeeChanges,
  onKeepMine,
  onReload,
  onClose,
}: VersionConflictModalProps) {
  const [step, setStep] = useState<Step>('choose');
  const [shown, setShown] = useState(conflict);
  // A new refusal (another save, someone else again) starts over at the three choices.
  if (conflict !== shown) {
    setShown(conflict);
    setStep('choose');
  }
  const current = conflict?.details.current_version ?? 0;
  return (
    <Modal
      opened={conflict !== null && !hidden}
      onClose={onClose}
      title={m.conflictTitle}
      size="lg"
    >
      {conflict ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {conflict.message}
          </Alert>
          {step === 'choose' ? (
            <>
              <Text size="sm">
                Suas alterações ainda não foram salvas. Veja o que mudou, salve as suas por cima (as
                duas versões ficam no histórico) ou recarregue a versão atual.
              </Text>
              <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="xs">
                <Button variant="default" onClick={onSeeChanges}>
                  {m.seeChanges}
                </Button>
                <Button variant="default" onClick={() => setStep('reload')}>
                  {m.reload}
                </Button>
                <Button onClick={() => setStep('keep')}>{m.keepMine}</Button>
              </Flex>
            </>
          ) : (
            <>
              <Text size="sm" fw={500}>
                {step === 'keep' ? m.keepMineConfirm(current) : m.reloadConfirm}
              </Text>
              <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setStep('choose')} disabled={busy}>
                  Voltar
                </Button>
                {step === 'keep' ? (
                  <Button loading={busy} onClick={onKeepMine}>
                    Salvar as minhas
                  </Button>
                ) : (
                  <Button color="red" loading={busy} onClick={onReload}>
                    Descartar e recarregar
                  </Button>
                )}
              </Flex>
            </>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
