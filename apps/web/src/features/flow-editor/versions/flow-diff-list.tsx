import type { ReactNode } from 'react';
import { Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { FlowEdge, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { messages } from '@ponte/shared/messages';
import type { FlowDiff, NodeDiffMark } from '@ponte/shared/versions/flow-diff';
import { diffMarkLabels } from '../canvas/node-diff-badge';
import { BeforeAfter, DiffBadge } from './diff-badge';
import { nodeName, optionLabel, valueText } from './diff-labels';
import classes from './versions.module.css';

export interface Comparison {
  before: { nodes: FlowNode[] };
  after: { nodes: FlowNode[] };
  diff: FlowDiff;
}

function Section({ title, children }: { title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <section aria-label={title}>
      <Title order={3} fz="sm" mb={6}>
        {title}
      </Title>
      <Stack gap={6} component="ul" className={classes.list}>
        {children}
      </Stack>
    </section>
  );
}

interface NodeEntry {
  node: FlowNode;
  marks: NodeDiffMark[];
  fields: number;
}

/** Each node that differs once, with every mark it has (a node moved and changed has both). */
function nodeEntries(comparison: Comparison): NodeEntry[] {
  const { diff } = comparison;
  const entries = new Map<string, NodeEntry>();
  const entry = (node: FlowNode) => {
    const found = entries.get(node.uid) ?? { node, marks: [], fields: 0 };
    entries.set(node.uid, found);
    return found;
  };
  for (const node of diff.nodes.added) entry(node).marks.push('added');
  for (const change of diff.nodes.changed) {
    const found = entry(change.after);
    found.marks.push('changed');
    found.fields = change.changes.length;
  }
  const now = new Map(comparison.after.nodes.map((node) => [node.uid, node]));
  for (const move of diff.nodes.moved) entry(now.get(move.uid)!).marks.push('moved');
  for (const node of diff.nodes.removed) entry(node).marks.push('removed');
  return [...entries.values()];
}

interface FlowDiffListProps {
  comparison: Comparison;
  lookup: ManifestLookup;
  onSelectNode: (uid: string) => void;
}

/** What changed from one version to the other, as a list: nodes, edges, variables, options. */
export function FlowDiffList({ comparison, lookup, onSelectNode }: FlowDiffListProps) {
  const { diff } = comparison;
  const nodes = new Map(
    [...comparison.before.nodes, ...comparison.after.nodes].map((node) => [node.uid, node]),
  );
  const name = (uid: string) => {
    const node = nodes.get(uid);
    return node ? nodeName(node, lookup) : uid;
  };
  const edgeText = (edge: FlowEdge) => {
    const source = nodes.get(edge.source);
    const output = source && lookup(source.type, source.typeVersion)?.outputs[edge.sourceOutput];
    const label = edge.sourceOutput === 'error' ? 'Erro' : (output?.label ?? edge.sourceOutput);
    return `${name(edge.source)} (${label}) → ${name(edge.target)}`;
  };
  const entries = nodeEntries(comparison);
  const empty =
    entries.length === 0 &&
    diff.edges.added.length + diff.edges.removed.length === 0 &&
    diff.variables.added.length + diff.variables.removed.length === 0 &&
    diff.variables.changed.length + diff.options.length + diff.pins.length === 0;
  if (empty) {
    return (
      <Text size="sm" c="dimmed">
        {messages.versions.noDifferences}
      </Text>
    );
  }

  return (
    <Stack gap="md" aria-label="Lista de alterações">
      <Section title="Conectores">
        {entries.map(({ node, marks, fields }) => (
          <li key={node.uid}>
            <UnstyledButton
              className={classes.entry}
              onClick={() => onSelectNode(node.uid)}
              aria-label={`${nodeName(node, lookup)}: ${marks.map((mark) => diffMarkLabels[mark]).join(', ')}`}
            >
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text size="sm" fw={600} truncate="end">
                  {nodeName(node, lookup)}
                </Text>
                <Group gap={4} wrap="nowrap">
                  {marks.map((mark) => (
                    <DiffBadge key={mark} mark={mark} />
                  ))}
                </Group>
              </Group>
              <Text size="xs" c="dimmed">
                {lookup(node.type, node.typeVersion)?.label ?? node.type}
                {fields
                  ? ` · ${fields === 1 ? '1 campo alterado' : `${fields} campos alterados`}`
                  : ''}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </Section>
      <Section title="Conexões">
        {[
          ...diff.edges.added.map((edge) => (
            <li key={`+${edge.id}`} className={classes.row}>
              <Text size="sm">{edgeText(edge)}</Text>
              <DiffBadge mark="added" />
            </li>
          )),
          ...diff.edges.removed.map((edge) => (
            <li key={`-${edge.id}`} className={classes.row}>
              <Text size="sm">{edgeText(edge)}</Text>
              <DiffBadge mark="removed" />
            </li>
          )),
        ]}
      </Section>
      <Section title="Variáveis">
        {[
          ...diff.variables.added.map((variable) => (
            <li key={`+${variable.key}`} className={classes.row}>
              <Text size="sm" ff="monospace">
                {variable.key}
              </Text>
              <DiffBadge mark="added" />
            </li>
          )),
          ...diff.variables.changed.map((variable) => (
            <li key={`~${variable.key}`}>
              <div className={classes.row}>
                <Text size="sm" ff="monospace">
                  {variable.key}
                </Text>
                <DiffBadge mark="changed" />
              </div>
              <BeforeAfter before={valueText(variable.before)} after={valueText(variable.after)} />
            </li>
          )),
          ...diff.variables.removed.map((variable) => (
            <li key={`-${variable.key}`} className={classes.row}>
              <Text size="sm" ff="monospace">
                {variable.key}
              </Text>
              <DiffBadge mark="removed" />
            </li>
          )),
        ]}
      </Section>
      <Section title="Opções do flow">
        {diff.options.map((change) => {
          const html = change.path[0] === 'description';
          return (
            <li key={change.path.join('.')}>
              <div className={classes.row}>
                <Text size="sm">{optionLabel(change.path)}</Text>
                <DiffBadge mark={change.kind} />
              </div>
              <BeforeAfter
                before={valueText(change.before, { html })}
                after={valueText(change.after, { html })}
              />
            </li>
          );
        })}
      </Section>
      <Section title="Saídas fixadas">
        {diff.pins.map((uid) => (
          <li key={uid} className={classes.row}>
            <Text size="sm">{name(uid)}</Text>
            <DiffBadge mark="changed" />
          </li>
        ))}
      </Section>
    </Stack>
  );
}
