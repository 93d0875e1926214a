import type { ReactElement } from 'react';
import { Tooltip } from '@mantine/core';

/**
 * A control with the reason it is disabled as a tooltip: the wrapper gets the hover (a
 * disabled button gets no mouse events), and the reason is the control's description.
 */
export function DisabledHint({ hint, children }: { hint: string | null; children: ReactElement }) {
  if (!hint) return children;
  return (
    <Tooltip label={hint} multiline w={260}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }} title={hint}>
        {children}
      </span>
    </Tooltip>
  );
}
