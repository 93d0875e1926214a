import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconPin, IconPinnedOff, IconPencil } from '@tabler/icons-react';
import type { PinnedItem } from '@ponte/shared/flow/flow-document.schema';
import { DisabledHint } from './disabled-hint';
import { maxPinnedItems } from './parse-pins';
import { PinModal } from './pin-modal';

interface PinActionsProps {
  /** The node's pins; empty or undefined when it holds none. */
  pins: readonly PinnedItem[] | undefined;
  onPin: (items: PinnedItem[] | null) => void;
  /** The outputs of the run shown ('Fixar saída' pins them); null when there is none. */
  shown: PinnedItem[] | null;
  firstOutput: string;
}

/** 'Fixar saída', 'Editar dados fixados' and 'Remover fixação' of the 'Saída' view. */
export function PinActions({ pins, onPin, shown, firstOutput }: PinActionsProps) {
  const [editing, setEditing] = useState(false);
  const pinned = (pins?.length ?? 0) > 0;
  const tooMany = (shown?.length ?? 0) > maxPinnedItems;
  const why = !shown?.length
    ? 'Execute o conector para fixar a saída dele, ou cole os dados em “Editar dados fixados”.'
    : tooMany
      ? `Um conector pode fixar no máximo ${maxPinnedItems} mensagens.`
      : null;
  return (
    <Group gap="xs">
      {pinned ? null : (
        <DisabledHint hint={why}>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPin size={12} />}
            disabled={!!why}
            style={why ? { pointerEvents: 'none' } : undefined}
            onClick={() => shown && onPin(shown)}
          >
            Fixar saída
          </Button>
        </DisabledHint>
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconPencil size={12} />}
        onClick={() => setEditing(true)}
      >
        Editar dados fixados
      </Button>
      {pinned ? (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          leftSection={<IconPinnedOff size={12} />}
          onClick={() => onPin(null)}
        >
          Remover fixação
        </Button>
      ) : null}
      <PinModal
        opened={editing}
        initial={pinned ? pins! : (shown ?? []).slice(0, maxPinnedItems)}
        firstOutput={firstOutput}
        onClose={() => setEditing(false)}
        onSave={onPin}
      />
    </Group>
  );
}
