import { Button, Group, Modal, Text } from '@mantine/core';

/** The texts of the question, the flow editor's since spec 1 §2.6 (docs/adr/0070). */
export const leaveTexts = {
  title: 'Sair do editor?',
  message: 'Existem alterações não salvas. Deseja sair mesmo assim?',
  stay: 'Continuar editando',
  leave: 'Sair sem salvar',
};

interface LeaveEditorModalProps {
  opened: boolean;
  message?: string;
  onStay: () => void;
  onLeave: () => void;
}

/**
 * The one question every editor asks before its unsaved changes are lost. Closing it (X, Esc,
 * a click outside) is 'Continuar editando': nothing is lost by a dismissal.
 *
 * Esc answers it only from inside it. Mantine's own Esc listens on the window, so the Esc that
 * closed a modal editor, and so opened this question, would reach this question too and dismiss
 * it at once.
 */
export function LeaveEditorModal({
  opened,
  message = leaveTexts.message,
  onStay,
  onLeave,
}: LeaveEditorModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={leaveTexts.title}
      centered
      zIndex={400}
      closeOnEscape={false}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.nativeEvent.isComposing) onStay();
      }}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay} data-autofocus>
          {leaveTexts.stay}
        </Button>
        <Button color="red" onClick={onLeave}>
          {leaveTexts.leave}
        </Button>
      </Group>
    </Modal>
  );
}
