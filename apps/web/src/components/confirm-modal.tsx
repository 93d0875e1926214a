import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  /** Red for destructive actions. */
  danger?: boolean;
}

/** Asks a yes/no question before an action: buttons 'Cancelar' and 'Confirmar'. */
export function ConfirmModal({
  opened,
  title,
  message,
  onConfirm,
  onCancel,
  loading,
  danger,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancelar
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          Confirmar
        </Button>
      </Group>
    </Modal>
  );
}
