import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';

const m = messages.versions;

interface SaveMessageModalProps {
  opened: boolean;
  saving: boolean;
  onClose: () => void;
  /**
   * Saves with the description (maybe empty); resolves true when the modal is done (saved, or
   * refused by a conflict the editor shows next), false to keep it open (a failure toasted).
   */
  onSave: (message: string) => Promise<boolean>;
}

/** 'Salvar com descrição…': the new version's message, optional. */
export function SaveMessageModal({ opened, saving, onClose, onSave }: SaveMessageModalProps) {
  const [message, setMessage] = useState('');
  const submit = async () => {
    if (await onSave(message)) {
      setMessage('');
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={m.saveWithMessage.replace('…', '')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Textarea
            label={m.describeChange}
            description={m.describeChangeHint}
            placeholder="Ex.: troca o endereço da API de pedidos"
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            maxLength={limits.versionMessageMax}
            autosize
            minRows={3}
            maxRows={8}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
