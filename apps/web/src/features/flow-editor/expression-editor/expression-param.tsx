import { useState, type ReactNode } from 'react';
import { ActionIcon, Box, Tooltip } from '@mantine/core';
import { IconMathFunction } from '@tabler/icons-react';
import { hasExpression } from '../node-panel/expression';
import { ExpressionEditorModal } from './expression-editor-modal';
import { ResolvedValue } from './resolved-value';

export interface ExpressionParamProps {
  name: string;
  label: string;
  value: unknown;
  flowId: string | null | undefined;
  sample: Record<string, unknown> | null | undefined;
  onChange: (name: string, value: unknown) => void;
  /** The param's own field. */
  children: ReactNode;
}

/**
 * A param that takes `{{ }}`: its field with a button beside the label that opens the
 * expression editor, and, once the node has run, the value its template resolves to.
 */
export function ExpressionParam({
  name,
  label,
  value,
  flowId,
  sample,
  onChange,
  children,
}: ExpressionParamProps) {
  const [opened, setOpened] = useState(false);
  const template =
    typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  return (
    <Box pos="relative">
      <Tooltip label="Editor de expressão">
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Abrir o editor de expressão de ${label}`}
          onClick={() => setOpened(true)}
          style={{ position: 'absolute', top: 0, right: 0, zIndex: 1 }}
        >
          <IconMathFunction size={16} />
        </ActionIcon>
      </Tooltip>
      {children}
      {flowId && sample && hasExpression(value) && (
        <ResolvedValue flowId={flowId} sample={sample} template={value} />
      )}
      <ExpressionEditorModal
        opened={opened}
        label={label}
        value={template}
        flowId={flowId}
        sample={sample}
        onApply={(next) => onChange(name, next)}
        onClose={() => setOpened(false)}
      />
    </Box>
  );
}
