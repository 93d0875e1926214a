import { useMemo, useState } from 'react';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ExecutionData } from '@ponte/shared/execution-data.schema';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { IconPlayerPlay } from '@tabler/icons-react';
import { maskedRerunRefusal } from '@ponte/shared/lgpd/masked-executions';
import { DeniedButton } from '../../../components/denied-button';
import { useNodeLibrary } from '../../../lib/engine/get-node-library';
import { useCan } from '../../../lib/session/use-can';
import { errorMessage } from '../../../lib/api/api-error';
import { nodeDataQueryOptions } from '../../../lib/executions/get-node-data';
import { FlowCanvas } from '../canvas/flow-canvas';
import classes from '../flow-editor.module.css';
import { NodePanel } from '../node-panel/node-panel';
import type { NodePanelData } from '../run-data/run-data-types';
import { failingNodeOf, nodeStatesOf, takenEdgesOf } from './execution-view-state';

const noIssues: ReadonlyMap<string, 'error' | 'warning'> = new Map();
const ignore = () => undefined;

/** The node a re-run starts from: its uid, its name and how many times it ran. */
export interface RerunFrom {
  uid: string;
  label: string;
  runs: number;
}

interface ExecutionCanvasProps {
  data: ExecutionData;
  /** The document the execution ran. */
  doc: FlowDocument;
  flowId: string;
  /** 'Reexecutar a partir daqui' on a node that ran (absent: the execution is not finished). */
  onRerunFrom?: (from: RerunFrom) => void;
}

/** The flow version an execution ran, read-only, with its path, states and each node's data. */
export function ExecutionCanvas({ data, doc, flowId, onRerunFrom }: ExecutionCanvasProps) {
  const library = useNodeLibrary();
  // Its data was stored masked: a re-run would run on the masked values (docs/adr/0122).
  const rerunDenied =
    useCan('flows.run').reason ?? (data.execution.personal_data_masked ? maskedRerunRefusal : null);
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
  const manifest = selected && library.lookup(selected.type, selected.typeVersion);
  const ran = runData.summary;
  const pastAction =
    selected && ran && onRerunFrom ? (
      <DeniedButton
        size="xs"
        variant="light"
        leftSection={<IconPlayerPlay size={14} />}
        denied={rerunDenied}
        onClick={() =>
          onRerunFrom({
            uid: selected.uid,
            label: selected.label || manifest?.label || selected.uid,
            runs: ran.runs,
          })
        }
      >
        Reexecutar a partir daqui
      </DeniedButton>
    ) : undefined;

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
          manifest={manifest}
          issues={[]}
          onChange={ignore}
          onClose={() => setSelectRequest({ uids: [] })}
          flowId={flowId}
          runData={runData}
          readOnly
          pastAction={pastAction}
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
