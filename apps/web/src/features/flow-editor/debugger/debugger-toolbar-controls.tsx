import { Button, Tooltip } from '@mantine/core';
import { IconBug, IconPlayerPlay } from '@tabler/icons-react';

export interface DebuggerToolbarControlsProps {
  /** False for a new flow: there is nothing to debug before the first save. */
  canOpen: boolean;
  open: boolean;
  onToggle: () => void;
  /** 'Executar com Debug': executable flow, debugger open, no session running. */
  canExecute: boolean;
  onExecuteWithDebug: () => void;
}

/** The editor toolbar's right side (spec 1 §2.6): the Debugger toggle, 'Executar com Debug'. */
export function DebuggerToolbarControls({
  canOpen,
  open,
  onToggle,
  canExecute,
  onExecuteWithDebug,
}: DebuggerToolbarControlsProps) {
  return (
    <>
      <Tooltip label="Salve o flow para usar o debugger." disabled={canOpen}>
        <span>
          <Button
            size="xs"
            variant={open && canOpen ? 'filled' : 'default'}
            color="grape"
            leftSection={<IconBug size={16} />}
            disabled={!canOpen}
            aria-pressed={open && canOpen}
            onClick={onToggle}
          >
            Debugger
          </Button>
        </span>
      </Tooltip>
      <Button
        size="xs"
        color="grape"
        variant="light"
        leftSection={<IconPlayerPlay size={16} />}
        disabled={!canExecute}
        onClick={onExecuteWithDebug}
      >
        Executar com Debug
      </Button>
    </>
  );
}
