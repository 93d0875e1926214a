import { createContext } from 'react';

/**
 * What a '+' on a free output does: open the palette to add a connector after that output.
 * A context, not node data, because React Flow's node data stays plain JSON (no callbacks).
 * Undefined (a past execution, read-only): no '+' is drawn.
 */
export const AddAfterContext = createContext<
  ((from: { source: string; sourceOutput: string }) => void) | undefined
>(undefined);
