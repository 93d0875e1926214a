import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '@ponte/shared/messages';

const m = messages.versions;

/**
 * 'Restaurar': with unsaved changes on the page, first whether to drop them; then whether to
 * restore. Render it with a `key` per version, so that each request starts at its first step.
 */
export function VersionRestoreModal({
  number,
  dirty,
  loading,
  onConfirm,
  onCancel,
}: {
  number: number | null;
  dirty: boolean;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [discarded, setDiscarded] = useState(false);
  const asksUnsaved = dirty && !discarded;
  return (
    <Modal
      opened={number !== null}
      onClose={loading ? () => {} : onCancel}
      title={asksUnsaved ? m.restoreUnsavedTitle : m.restoreTitle(number ?? 0)}
      centered
      zIndex={300}
    >
      <Text size="sm">{asksUnsaved ? m.restoreUnsaved : m.restoreConfirm(number ?? 0)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancelar
        </Button>
        {asksUnsaved ? (
          <Button color="red" onClick={() => setDiscarded(true)}>
            Descartar e continuar
          </Button>
        ) : (
          <Button onClick={onConfirm} loading={loading}>
            {m.restore}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
