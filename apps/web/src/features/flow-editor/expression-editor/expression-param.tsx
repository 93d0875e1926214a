import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { hasExpression } from '../node-panel/expression';
import { ExpressionButton } from './expression-button';
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
  const template =
    typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  return (
    <Box pos="relative">
      <Box pos="absolute" top={0} right={0} style={{ zIndex: 1 }}>
        <ExpressionButton
          label={label}
          value={template}
          flowId={flowId}
          sample={sample}
          onApply={(next) => onChange(name, next)}
        />
      </Box>
      {children}
      {flowId && sample && hasExpression(value) && (
        <ResolvedValue flowId={flowId} sample={sample} template={value} />
      )}
    </Box>
  );
}
