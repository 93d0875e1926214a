import { useMemo, useState } from 'react';
import { Box, Group, Text } from '@mantine/core';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import {
  diffFlowVersions,
  flowVersionDocument,
  nodeDiffMarks,
  type FlowDiff,
  type NodeDiffMark,
} from '@ponte/shared/versions/flow-diff';
import { useNodeLibrary } from '../../../lib/engine/get-node-library';
import { FlowCanvas } from '../canvas/flow-canvas';
import type { EdgeDiffMark } from '../canvas/to-react-flow';
import { FlowDiffList } from './flow-diff-list';
import { NodeDiffDetail } from './node-diff-detail';
import classes from './versions.module.css';

const noIssues: ReadonlyMap<string, 'error' | 'warning'> = new Map();
const ignore = () => undefined;
const legend: NodeDiffMark[] = ['added', 'removed', 'changed', 'moved'];

/**
 * What the canvas of a comparison draws: the newer version, the nodes and edges it no longer has
 * as ghosts where they were, each node and edge in the colour of its change.
 */
export function comparisonCanvas(after: FlowDocument, diff: FlowDiff) {
  const removedEdges = diff.edges.removed.map((edge) => ({ ...edge, id: `removido:${edge.id}` }));
  const doc: FlowDocument = {
    version: 1,
    nodes: [...after.nodes, ...diff.nodes.removed],
    edges: [...after.edges, ...removedEdges],
  };
  const edges = new Map<string, EdgeDiffMark>([
    ...diff.edges.added.map((edge) => [edge.id, 'added'] as const),
    ...removedEdges.map((edge) => [edge.id, 'removed'] as const),
  ]);
  return { doc, nodes: nodeDiffMarks(diff), edges };
}

interface VersionCompareProps {
  /** Two versions' documents (a version's `document`, or the flow now). */
  before: unknown;
  after: unknown;
  beforeLabel: string;
  afterLabel: string;
}

/**
 * A comparison of two versions of a flow (docs/adr/0103): the canvas in colours (added green,
 * removed red, changed amber, moved blue) beside the list of changes; a node clicked on either
 * shows its fields in both versions side by side.
 */
export function VersionCompare({ before, after, beforeLabel, afterLabel }: VersionCompareProps) {
  const library = useNodeLibrary();
  const older = useMemo(() => flowVersionDocument(before), [before]);
  const newer = useMemo(() => flowVersionDocument(after), [after]);
  const diff = useMemo(() => diffFlowVersions(older, newer), [older, newer]);
  const canvas = useMemo(() => comparisonCanvas(newer.data, diff), [newer, diff]);
  const [selected, setSelected] = useState<string | undefined>();
  const [selectRequest, setSelectRequest] = useState<{ uids: string[] } | null>(null);
  const select = (uid: string | undefined) => {
    setSelected(uid);
    setSelectRequest({ uids: uid ? [uid] : [] });
  };
  const shown = selected ? canvas.doc.nodes.find((node) => node.uid === selected) : undefined;

  return (
    <Box className={classes.compare}>
      <div className={classes.compareCanvas}>
        <Group gap="xs" className={classes.legend} aria-label="Legenda">
          {legend.map((mark) => (
            <span key={mark} className={classes.legendItem} data-mark={mark}>
              {messages.versions[mark]}
            </span>
          ))}
        </Group>
        <FlowCanvas
          doc={canvas.doc}
          lookup={library.lookup}
          issues={noIssues}
          onEdit={ignore}
          onSelectionChange={(uids) => setSelected(uids.length === 1 ? uids[0] : undefined)}
          selectRequest={selectRequest}
          onDropType={ignore}
          reveal={selected}
          readOnly
          diffNodes={canvas.nodes}
          diffEdges={canvas.edges}
        />
      </div>
      <aside className={classes.compareAside} aria-label="Alterações">
        <Text size="xs" c="dimmed" mb="sm">
          De <b>{beforeLabel}</b> para <b>{afterLabel}</b>
        </Text>
        {shown ? (
          <NodeDiffDetail
            key={shown.uid}
            uid={shown.uid}
            before={older.data.nodes.find((node) => node.uid === shown.uid)}
            after={newer.data.nodes.find((node) => node.uid === shown.uid)}
            diff={diff}
            beforeLabel={beforeLabel}
            afterLabel={afterLabel}
            lookup={library.lookup}
            onBack={() => select(undefined)}
          />
        ) : (
          <FlowDiffList
            comparison={{ before: older.data, after: newer.data, diff }}
            lookup={library.lookup}
            onSelectNode={select}
          />
        )}
      </aside>
    </Box>
  );
}
