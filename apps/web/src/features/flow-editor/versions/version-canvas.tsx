import { useState } from 'react';
import { Box } from '@mantine/core';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { useNodeLibrary } from '../../../lib/engine/get-node-library';
import { FlowCanvas } from '../canvas/flow-canvas';
import classes from '../flow-editor.module.css';
import { NodePanel } from '../node-panel/node-panel';

const noIssues: ReadonlyMap<string, 'error' | 'warning'> = new Map();
const ignore = () => undefined;

/** A version of a flow, read-only: a node clicked shows its parameters as they were. */
export function VersionCanvas({ doc, flowId }: { doc: FlowDocument; flowId: string }) {
  const library = useNodeLibrary();
  const [selectRequest, setSelectRequest] = useState<{ uids: string[] } | null>(null);
  const [selection, setSelection] = useState<string[]>([]);
  const selected =
    selection.length === 1 ? doc.nodes.find((node) => node.uid === selection[0]) : undefined;
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
          readOnly
        />
      ) : null}
    </Box>
  );
}
