import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';

interface RejectCallModalProps {
  opened: boolean;
  /** The tool's label, named in the question. */
  toolLabel: string;
  loading?: boolean;
  /** The reason as typed, trimmed; undefined when left empty. */
  onConfirm: (reason: string | undefined) => void;
  onCancel: () => void;
}

/** 'Rejeitar': an optional reason, told to the model, then 'Rejeitar chamada'. */
export function RejectCallModal({
  opened,
  toolLabel,
  loading,
  onConfirm,
  onCancel,
}: RejectCallModalProps) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onCancel();
  };
  return (
    <Modal opened={opened} onClose={close} title="Rejeitar chamada" centered>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          A ferramenta “{toolLabel}” não será executada; o modelo recebe a recusa e continua.
        </Text>
        <Textarea
          label="Motivo (enviado ao modelo)"
          placeholder="Opcional"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={loading}>
            Cancelar
          </Button>
          <Button
            color="red"
            loading={loading}
            onClick={() => onConfirm(reason.trim() || undefined)}
          >
            Rejeitar chamada
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
