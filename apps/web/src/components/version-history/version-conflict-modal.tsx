import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import type { VersionConflictDetails } from '@ponte/shared/versions.schema';

const m = messages.versions;

export interface VersionConflict {
  /** The server's sentence: who changed it and when. */
  message: string;
  details: VersionConflictDetails;
  /** The version the page was based on. */
  based: number | undefined;
}

type Step = 'choose' | 'keep' | 'reload';

/**
 * A save refused because someone else saved first: see what they changed, keep one's own
 * changes over theirs, or reload theirs. The last two ask first.
 */
export function VersionConflictModal({
  conflict,
  covered,
  onSeeChanges,
  onKeepMine,
  onReload,
  onClose,
}: {
  conflict: VersionConflict | null;
  /** The comparison is over it: Esc closes that alone (Mantine hears Esc on the window). */
  covered: boolean;
  onSeeChanges: () => void;
  onKeepMine: () => void;
  onReload: () => void;
  onClose: () => void;
}) {
  const [step, setStep] = useState<Step>('choose');
  const close = () => {
    setStep('choose');
    onClose();
  };
  const confirm = () => {
    setStep('choose');
    if (step === 'keep') onKeepMine();
    else onReload();
  };
  const title =
    step === 'keep' ? m.keepMineTitle : step === 'reload' ? m.reloadTitle : m.conflictTitle;

  return (
    <Modal
      opened={conflict !== null}
      onClose={close}
      title={title}
      centered
      zIndex={250}
      closeOnEscape={!covered}
    >
      {step === 'choose' ? (
        <Stack gap="md">
          <Text size="sm">{conflict?.message}</Text>
          {conflict ? (
            <Text size="sm" c="dimmed">
              {m.conflictCurrent(conflict.details.current_version)}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {conflict?.based ? (
              <Button
                variant="default"
                leftSection={<IconGitCompare size={16} />}
                onClick={onSeeChanges}
              >
                {m.seeChanges}
              </Button>
            ) : null}
            <Button variant="default" onClick={() => setStep('reload')}>
              {m.reload}
            </Button>
            <Button onClick={() => setStep('keep')}>{m.keepMine}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{step === 'keep' ? m.pageKeepMineConfirm : m.pageReloadConfirm}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setStep('choose')}>
              Voltar
            </Button>
            <Button color={step === 'reload' ? 'red' : undefined} onClick={confirm}>
              Confirmar
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
