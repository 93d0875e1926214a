import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMathFunction } from '@tabler/icons-react';
import { ExpressionEditorModal } from './expression-editor-modal';

export interface ExpressionButtonProps {
  /** Names the button and titles the editor ('Valor (linha 2)'). */
  label: string;
  value: string;
  flowId: string | null | undefined;
  sample: Record<string, unknown> | null | undefined;
  onApply: (template: string) => void;
}

/** A small button that opens the expression editor over one value (a table cell, a param). */
export function ExpressionButton({ label, value, flowId, sample, onApply }: ExpressionButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label="Editor de expressão">
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Abrir o editor de expressão de ${label}`}
          onClick={() => setOpened(true)}
        >
          <IconMathFunction size={16} />
        </ActionIcon>
      </Tooltip>
      <ExpressionEditorModal
        opened={opened}
        label={label}
        value={value}
        flowId={flowId}
        sample={sample}
        onApply={onApply}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
