import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { nodeDiffMarks, type FlowDiff } from '@ponte/shared/versions/flow-diff';
import { sameValue } from '@ponte/shared/versions/value-diff';
import { nodeFieldLabel, nodeName, valueText } from './diff-labels';
import { DiffBadge } from './diff-badge';
import classes from './versions.module.css';

interface NodeDiffDetailProps {
  uid: string;
  /** The node in each version (absent: added or removed). */
  before: FlowNode | undefined;
  after: FlowNode | undefined;
  diff: FlowDiff;
  beforeLabel: string;
  afterLabel: string;
  lookup: ManifestLookup;
  onBack: () => void;
}

interface FieldRow {
  key: string;
  label: string;
  before: unknown;
  after: unknown;
}

const nodeFields = [
  'label',
  'typeVersion',
  'disabled',
  'breakpoint',
  'breakpointCondition',
  'agentTool',
] as const;

/** The node's fields, its params in the manifest's order then any other, the rest after. */
function fieldRows(
  before: FlowNode | undefined,
  after: FlowNode | undefined,
  lookup: ManifestLookup,
) {
  const node = after ?? before!;
  const manifest = lookup(node.type, node.typeVersion);
  const keys = [
    ...new Set([
      ...Object.keys(manifest?.params ?? {}),
      ...Object.keys(before?.params ?? {}),
      ...Object.keys(after?.params ?? {}),
    ]),
  ];
  const params: FieldRow[] = keys
    .filter((key) => before?.params[key] !== undefined || after?.params[key] !== undefined)
    .map((key) => ({
      key: `params.${key}`,
      label: nodeFieldLabel(key, true, manifest),
      before: before?.params[key],
      after: after?.params[key],
    }));
  // The connector's version is said only when it changed (every node has one).
  const others: FieldRow[] = nodeFields
    .filter((key) => before?.[key] !== undefined || after?.[key] !== undefined)
    .filter((key) => key !== 'typeVersion' || before?.[key] !== after?.[key])
    .map((key) => ({
      key,
      label: nodeFieldLabel(key, false, manifest),
      before: before?.[key],
      after: after?.[key],
    }));
  return [...others.slice(0, 1), ...params, ...others.slice(1)];
}

/** A node of a comparison: its fields in both versions side by side, what changed highlighted. */
export function NodeDiffDetail({
  uid,
  before,
  after,
  diff,
  beforeLabel,
  afterLabel,
  lookup,
  onBack,
}: NodeDiffDetailProps) {
  const node = after ?? before;
  const mark = nodeDiffMarks(diff).get(uid);
  const moved = diff.nodes.moved.some((move) => move.uid === uid);
  const rows = node ? fieldRows(before, after, lookup) : [];
  const column = (present: boolean, value: unknown, changed: boolean, side: string) => (
    <div
      className={classes.value}
      data-changed={changed || undefined}
      data-side={side}
      aria-label={side === 'before' ? beforeLabel : afterLabel}
    >
      {present ? (
        valueText(value, { max: 2000 })
      ) : (
        <Text span c="dimmed" size="xs">
          —
        </Text>
      )}
    </div>
  );

  return (
    <Stack gap="sm" aria-label="Alterações do conector">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={14} />}
        onClick={onBack}
        style={{ alignSelf: 'flex-start' }}
      >
        Todas as alterações
      </Button>
      {node ? (
        <>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Title order={3} fz="md" style={{ minWidth: 0, wordBreak: 'break-word' }}>
              {nodeName(node, lookup)}
            </Title>
            <Group gap={4} wrap="nowrap">
              {mark && mark !== 'moved' ? <DiffBadge mark={mark} /> : null}
              {moved ? <DiffBadge mark="moved" /> : null}
            </Group>
          </Group>
          <Text size="xs" c="dimmed" mt={-8}>
            {lookup(node.type, node.typeVersion)?.label ?? node.type}
          </Text>
          <div className={classes.sides} aria-hidden>
            <Text size="xs" fw={600} c="dimmed">
              {beforeLabel}
            </Text>
            <Text size="xs" fw={600} c="dimmed">
              {afterLabel}
            </Text>
          </div>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              Este conector não tem parâmetros preenchidos.
            </Text>
          ) : null}
          {rows.map((row) => {
            const changed = !sameValue(row.before, row.after);
            return (
              <div key={row.key} className={classes.field} data-changed={changed || undefined}>
                <Text size="xs" fw={600} mb={4}>
                  {row.label}
                  {changed ? (
                    <Text span size="xs" c="yellow.9" fw={500}>
                      {' '}
                      · alterado
                    </Text>
                  ) : null}
                </Text>
                <div className={classes.sides}>
                  {column(before !== undefined, row.before, changed, 'before')}
                  {column(after !== undefined, row.after, changed, 'after')}
                </div>
              </div>
            );
          })}
        </>
      ) : null}
    </Stack>
  );
}
