import { Badge, Group, Stack, Text } from '@mantine/core';
import { JsonTree } from '../../../components/json-tree';
import { startFieldDrag } from './field-drag';
import type { DataItem } from './node-data-model';
import classes from './node-data.module.css';

interface DataJsonViewProps {
  /** The items of the current page: `[index, item]`. */
  page: readonly (readonly [number, DataItem])[];
  /** Items in all, to number them only when there are several. */
  total: number;
  outputLabel: (name: string) => string;
  showOutputs: boolean;
  selected: string | null;
  onSelect: (path: string) => void;
}

/** Each message of the page as the debugger's tree, open one level; keys drag as fields. */
export function DataJsonView({
  page,
  total,
  outputLabel,
  showOutputs,
  selected,
  onSelect,
}: DataJsonViewProps) {
  return (
    <Stack gap="xs">
      {page.map(([index, item]) => (
        <div key={index} className={total > 1 ? classes.item : undefined}>
          {total > 1 || (showOutputs && item.output) ? (
            <Group gap="xs" mb={4}>
              {total > 1 ? (
                <Text size="xs" c="dimmed">
                  Item {index + 1}
                </Text>
              ) : null}
              {showOutputs && item.output ? (
                <Badge size="xs" variant="light">
                  {outputLabel(item.output)}
                </Badge>
              ) : null}
            </Group>
          ) : null}
          <JsonTree
            value={item.msg}
            rootName="msg"
            openDepth={1}
            onSelectPath={onSelect}
            selectedPath={selected ?? undefined}
            onDragPath={(path, event) => startFieldDrag(event, path)}
          />
        </div>
      ))}
    </Stack>
  );
}
