import { useMemo, useState } from 'react';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ExecutionData } from '@ponte/shared/execution-data.schema';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { useNodeLibrary } from '../../../lib/engine/get-node-library';
import { errorMessage } from '../../../lib/api/api-error';
import { nodeDataQueryOptions } from '../../../lib/executions/get-node-data';
import { FlowCanvas } from '../canvas/flow-canvas';
import classes from '../flow-editor.module.css';
import { NodePanel } from '../node-panel/node-panel';
import type { NodePanelData } from '../run-data/run-data-types';
import { failingNodeOf, nodeStatesOf, takenEdgesOf } from './execution-view-state';

const noIssues: ReadonlyMap<string, 'error' | 'warning'> = new Map();
const ignore = () => undefined;

interface ExecutionCanvasProps {
  data: ExecutionData;
  /** The document the execution ran. */
  doc: FlowDocument;
  flowId: string;
}

/** The flow version an execution ran, read-only, with its path, states and each node's data. */
export function ExecutionCanvas({ data, doc, flowId }: ExecutionCanvasProps) {
  const library = useNodeLibrary();
  const nodeStates = useMemo(() => nodeStatesOf(data), [data]);
  const takenEdges = useMemo(() => takenEdgesOf(doc, data), [doc, data]);
  // The failing node is selected at first, so its panel shows what reached it.
  const [selectRequest, setSelectRequest] = useState(() => {
    const failing = failingNodeOf(data);
    return failing && doc.nodes.some((node) => node.uid === failing) ? { uids: [failing] } : null;
  });
  const [selection, setSelection] = useState<string[]>(selectRequest?.uids ?? []);
  const selected =
    selection.length === 1 ? doc.nodes.find((node) => node.uid === selection[0]) : undefined;
  const runData = useNodeRunData(data, selected?.uid);

  return (
    <Box className={classes.body} data-panel-open={selected ? true : undefined}>
      <div className={classes.canvas}>
        <FlowCanvas
          doc={doc}
          lookup={library.lookup}
          issues={noIssues}
          onEdit={ignore}
          onSelectionChange={setSelection}
          selectRequest={selectRequest}
          onDropType={ignore}
          reveal={selected?.uid}
          nodeStates={nodeStates}
          takenEdges={takenEdges}
          readOnly
        />
      </div>
      {selected ? (
        <NodePanel
          className={classes.panel}
          key={selected.uid}
          node={selected}
          manifest={library.lookup(selected.type, selected.typeVersion)}
          issues={[]}
          onChange={ignore}
          onClose={() => setSelectRequest({ uids: [] })}
          flowId={flowId}
          runData={runData}
          readOnly
        />
      ) : null}
    </Box>
  );
}

/** The 'Entrada' / 'Saída' data of one node of the execution, read when its panel opens. */
function useNodeRunData(data: ExecutionData, uid: string | undefined): NodePanelData {
  const summary = data.nodes.find((node) => node.node_uid === uid);
  const runs = useQuery({
    ...nodeDataQueryOptions(data.execution._id, uid ?? ''),
    enabled: summary !== undefined,
  });
  if (!summary) return { summary: undefined, runs: [], loading: false };
  return {
    summary,
    runs: runs.data?.runs,
    loading: runs.isPending,
    ...(runs.isError ? { unavailable: errorMessage(runs.error) } : {}),
  };
}
