import { ActionIcon, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';

interface UndoRedoButtonsProps {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  /** The keyboard shortcuts in the tooltips (left out on a phone, which has no keyboard). */
  withShortcuts: boolean;
}

/** 'Desfazer' and 'Refazer', the same pair on the full and the compact toolbar. */
export function UndoRedoButtons(props: UndoRedoButtonsProps) {
  return (
    <>
      <Tooltip label={props.withShortcuts ? 'Desfazer (Ctrl + Z)' : 'Desfazer'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={props.onUndo}
          disabled={!props.canUndo}
          aria-label="Desfazer"
        >
          <IconArrowBackUp size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={props.withShortcuts ? 'Refazer (Ctrl + Shift + Z)' : 'Refazer'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={props.onRedo}
          disabled={!props.canRedo}
          aria-label="Refazer"
        >
          <IconArrowForwardUp size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
