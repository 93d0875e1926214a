import { messages } from '@ponte/shared/messages';
import type { NodeDiffMark } from '@ponte/shared/versions/flow-diff';
import classes from './flow-canvas.module.css';

const m = messages.versions;

/** What a comparison of two versions says of a node, above its top-left corner. */
export const diffMarkLabels: Record<NodeDiffMark, string> = {
  added: m.added,
  removed: m.removed,
  changed: m.changed,
  moved: m.moved,
};

export function NodeDiffBadge({ mark }: { mark: NodeDiffMark }) {
  return (
    <span className={classes.diffMark} data-diff-mark={mark}>
      {diffMarkLabels[mark]}
    </span>
  );
}
