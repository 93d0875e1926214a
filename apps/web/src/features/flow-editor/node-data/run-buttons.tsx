import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconPlayerPlay, IconPlayerTrackNext } from '@tabler/icons-react';
import type { NodePanelRunActions } from '../run-data/run-data-types';
import { DisabledHint } from './disabled-hint';

const defaultHints = {
  toHere: 'Não é possível executar até este conector agora.',
  node: 'Este conector ainda não recebeu uma entrada: use “Executar até aqui” primeiro.',
};

/** 'Executar até aqui' and 'Executar este conector'; the hint says why one cannot run. */
export function RunButtons({ actions }: { actions: NodePanelRunActions }) {
  const { onRunToHere, onRunNode, hint, running = false } = actions;
  const button = (
    label: string,
    icon: ReactNode,
    run: (() => void) | undefined,
    variant: 'filled' | 'light',
    fallback: string,
  ) => {
    const why = run || running ? null : (hint ?? fallback);
    return (
      <DisabledHint hint={why}>
        <Button
          size="compact-sm"
          variant={variant}
          leftSection={icon}
          disabled={!run}
          loading={running}
          style={why ? { pointerEvents: 'none' } : undefined}
          onClick={run}
        >
          {label}
        </Button>
      </DisabledHint>
    );
  };
  return (
    <Group gap="xs" aria-label="Execução no editor">
      {button(
        'Executar até aqui',
        <IconPlayerTrackNext size={14} />,
        onRunToHere,
        'filled',
        defaultHints.toHere,
      )}
      {button(
        'Executar este conector',
        <IconPlayerPlay size={14} />,
        onRunNode,
        'light',
        defaultHints.node,
      )}
    </Group>
  );
}
