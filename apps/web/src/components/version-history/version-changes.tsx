import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ValueChange } from '@ponte/shared/versions/value-diff';
import { messages } from '@ponte/shared/messages';
import { isLongText, lineDiff, withContext } from './line-diff';
import type { DiffLine } from './line-diff';
import { labelOfPath } from './version-labels';
import type { VersionLabels } from './version-labels';
import { VersionValue } from './version-value';

const m = messages.versions;

const kindColors: Record<ValueChange['kind'], string> = {
  added: 'green',
  removed: 'red',
  changed: 'yellow',
};

const lineMarks: Record<DiffLine['kind'], string> = { same: ' ', added: '+', removed: '-' };
const lineColors: Record<DiffLine['kind'], string | undefined> = {
  same: undefined,
  added: 'var(--mantine-color-green-light)',
  removed: 'var(--mantine-color-red-light)',
};

/** A long text changed: its lines, removed ones then added ones, unchanged runs counted. */
function LineChanges({ lines }: { lines: DiffLine[] }) {
  return (
    <Box
      component="pre"
      m={0}
      p="xs"
      fz="xs"
      ff="monospace"
      aria-label="Alterações linha a linha"
      style={{
        overflow: 'auto',
        maxHeight: 420,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      {/* As wide as the longest line: a colored line stays colored when scrolled sideways. */}
      <div style={{ display: 'inline-block', minWidth: '100%' }}>
        {withContext(lines).map((line, index) =>
          line.kind === 'skipped' ? (
            <Text key={index} fz="xs" c="dimmed" fs="italic" py={2}>
              {`… ${m.sameLines(line.count)}`}
            </Text>
          ) : (
            <div key={index} data-line={line.kind} style={{ background: lineColors[line.kind] }}>
              {`${lineMarks[line.kind]} ${line.text}`}
            </div>
          ),
        )}
      </div>
    </Box>
  );
}

function Change({
  change,
  labels,
  beforeTitle,
  afterTitle,
}: {
  change: ValueChange;
  labels: VersionLabels;
  beforeTitle: string;
  afterTitle: string;
}) {
  const { before, after, kind, path } = change;
  const lines =
    kind === 'changed' &&
    typeof before === 'string' &&
    typeof after === 'string' &&
    (isLongText(before) || isLongText(after))
      ? lineDiff(before, after)
      : null;
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {labelOfPath(path, labels)}
          </Text>
          <Badge color={kindColors[kind]} variant="light" style={{ flexShrink: 0 }}>
            {m.changeKinds[kind]}
          </Badge>
        </Group>
        {lines ? (
          <LineChanges lines={lines} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Stack gap={4} miw={0} role="group" aria-label={beforeTitle}>
              <Text size="xs" c="dimmed">
                {beforeTitle}
              </Text>
              <VersionValue path={path} value={before} tone={kind === 'added' ? null : 'removed'} />
            </Stack>
            <Stack gap={4} miw={0} role="group" aria-label={afterTitle}>
              <Text size="xs" c="dimmed">
                {afterTitle}
              </Text>
              <VersionValue path={path} value={after} tone={kind === 'removed' ? null : 'added'} />
            </Stack>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

/** What changed between two versions, each change under its field's name. */
export function VersionChanges({
  changes,
  labels,
  beforeTitle,
  afterTitle,
}: {
  changes: ValueChange[];
  labels: VersionLabels;
  beforeTitle: string;
  afterTitle: string;
}) {
  if (changes.length === 0) return <Text size="sm">{m.pageNoDifferences}</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Alterações">
      {changes.map((change) => (
        <Change
          key={change.path.join('.')}
          change={change}
          labels={labels}
          beforeTitle={beforeTitle}
          afterTitle={afterTitle}
        />
      ))}
    </Stack>
  );
}
