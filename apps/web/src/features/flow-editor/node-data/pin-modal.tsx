import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { PinnedItem } from '@ponte/shared/flow/flow-document.schema';
import { parsePins } from './parse-pins';

interface PinModalProps {
  opened: boolean;
  /** What the text starts with: the pins, or the shown output. */
  initial: readonly PinnedItem[];
  /** The output a bare message goes to. */
  firstOutput: string;
  onClose: () => void;
  onSave: (items: PinnedItem[]) => void;
}

/** 'Editar dados fixados': JSON pasted or edited; nothing changes until it is valid. */
export function PinModal({ opened, initial, firstOutput, onClose, onSave }: PinModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Editar dados fixados" size="lg">
      {/* Mounted per opening: the text starts again from what is pinned now. */}
      {opened ? (
        <PinForm initial={initial} firstOutput={firstOutput} onClose={onClose} onSave={onSave} />
      ) : null}
    </Modal>
  );
}

function PinForm({ initial, firstOutput, onClose, onSave }: Omit<PinModalProps, 'opened'>) {
  const [text, setText] = useState(() =>
    initial.length > 0 ? JSON.stringify(initial, null, 2) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const parsed = parsePins(text, firstOutput);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    onSave(parsed.items);
    onClose();
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Cole uma lista de {'{"output": "...", "msg": {...}}'}, uma mensagem ou uma lista de
        mensagens (enviadas pela saída “{firstOutput}”). Execuções no editor usam estes dados em vez
        de executar o conector; execuções em produção nunca os usam.
      </Text>
      <Textarea
        label="Dados fixados (JSON)"
        autosize
        minRows={8}
        maxRows={20}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
        error={error ? ' ' : undefined}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      />
      {error ? (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={save}>Fixar</Button>
      </Group>
    </Stack>
  );
}
