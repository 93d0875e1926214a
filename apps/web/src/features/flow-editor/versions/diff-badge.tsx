import { Badge, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { NodeDiffMark } from '@ponte/shared/versions/flow-diff';
import { diffMarkLabels } from '../canvas/node-diff-badge';
import classes from './versions.module.css';

const markColours: Record<NodeDiffMark, string> = {
  added: 'green',
  removed: 'red',
  changed: 'yellow',
  moved: 'blue',
};

/** How a node, edge, variable or option changed, in words and in its colour. */
export function DiffBadge({ mark }: { mark: NodeDiffMark }) {
  return (
    <Badge size="sm" variant="light" color={markColours[mark]} className={classes.badge}>
      {diffMarkLabels[mark]}
    </Badge>
  );
}

/** 'antes → depois', each side readable on its own line when long. */
export function BeforeAfter({ before, after }: { before: string; after: string }) {
  return (
    <Text size="xs" className={classes.beforeAfter} component="div">
      <span className={classes.before}>{before}</span>
      <IconArrowRight size={12} aria-label="para" className={classes.arrow} />
      <span className={classes.after}>{after}</span>
    </Text>
  );
}
