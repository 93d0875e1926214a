import { Box, Text } from '@mantine/core';
import { messages } from '@ponte/shared/messages';
import { useGroupOptions } from '../../lib/groups/get-group-options';

const m = messages.versions;

/** How a value of a document reads: texts as they are, yes/no, lists and objects as JSON. */
export function shownValue(value: unknown): { text: string; dimmed: boolean; code: boolean } {
  if (value === undefined || value === null) return { text: m.noValue, dimmed: true, code: false };
  if (value === '') return { text: m.emptyValue, dimmed: true, code: false };
  if (typeof value === 'boolean') return { text: value ? m.yes : m.no, dimmed: false, code: false };
  if (typeof value === 'string' || typeof value === 'number')
    return { text: String(value), dimmed: false, code: false };
  return { text: JSON.stringify(value, null, 2), dimmed: false, code: true };
}

/** A group's id as the group's name, when the workspace still has it. */
function useGroupName(path: readonly (string | number)[], value: unknown): string | undefined {
  const groups = useGroupOptions();
  if (path.length !== 1 || path[0] !== 'group' || typeof value !== 'string') return undefined;
  return groups.data?.items.find((group) => group._id === value)?.name;
}

/** One side of a change: the value at `path` in one version. */
export function VersionValue({
  path,
  value,
  tone,
}: {
  path: readonly (string | number)[];
  value: unknown;
  tone: 'removed' | 'added' | null;
}) {
  const groupName = useGroupName(path, value);
  const shown = groupName ? { text: groupName, dimmed: false, code: false } : shownValue(value);
  const background =
    tone === 'removed'
      ? 'var(--mantine-color-red-light)'
      : tone === 'added'
        ? 'var(--mantine-color-green-light)'
        : 'var(--mantine-color-default-hover)';
  return (
    <Box
      p="xs"
      bg={background}
      style={{ borderRadius: 'var(--mantine-radius-sm)', maxHeight: 280, overflow: 'auto' }}
    >
      <Text
        size="sm"
        c={shown.dimmed ? 'dimmed' : undefined}
        ff={shown.code ? 'monospace' : undefined}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {shown.text}
      </Text>
    </Box>
  );
}
