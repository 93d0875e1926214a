import { useMemo } from 'react';
import type { FlowDocument, PinnedItem } from '@ponte/shared/flow/flow-document.schema';
import { setNodePins, type ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { EditorRunBar } from './editor-run-bar';
import type { CanvasNodeState, NodePanelRunActions } from './run-data-types';
import { isUnderway, lastInput, pinnedUids } from './run-view';
import { startDataLabels } from './start-data';
import { StartDataModal } from './start-data-modal';
import { useEditorRun } from './use-editor-run';
import { useRunInView } from './use-run-in-view';

interface EditorRunDataOptions {
  flowId: string | null;
  doc: FlowDocument;
  apply: (edit: (doc: FlowDocument) => FlowDocument) => void;
  lookup: ManifestLookup;
  /** The node whose panel is open. */
  selectedUid: string | undefined;
  /** Live states of the open flow's executions, when the live status is on. */
  live?: ReadonlyMap<string, CanvasNodeState>;
  liveFinished?: boolean;
}

/**
 * Everything the editor shows of its runs and pins (docs/adr/0089), in one place so the
 * editor only passes props: the canvas's states, path and pins, the open node's data and
 * actions, the start-data modal and the run's status bar.
 */
export function useEditorRunData({
  flowId,
  doc,
  apply,
  lookup,
  selectedUid,
  live,
  liveFinished,
}: EditorRunDataOptions) {
  const run = useEditorRun({ flowId, doc, lookup });
  const view = useRunInView({
    executionId: run.executionId,
    doc,
    selectedUid,
    ...(live ? { live } : {}),
    ...(liveFinished ? { liveFinished } : {}),
  });
  const pinned = useMemo(() => pinnedUids(doc), [doc]);
  const running = run.starting || isUnderway(view.status);

  const labelOf = (uid: string | undefined) => {
    const node = doc.nodes.find((each) => each.uid === uid);
    return node ? node.label || lookup(node.type, node.typeVersion)?.label || node.uid : undefined;
  };

  let runActions: NodePanelRunActions | undefined;
  const selected = doc.nodes.find((node) => node.uid === selectedUid);
  if (selected) {
    const uid = selected.uid;
    const hint = run.hintFor(uid);
    const input = lastInput(view.runData?.runs);
    const isTrigger = lookup(selected.type, selected.typeVersion)?.category === 'trigger';
    runActions = {
      ...(hint ? { hint } : { onRunToHere: () => run.runToHere(uid) }),
      ...(flowId && input && !isTrigger ? { onRunNode: () => run.runNode(uid, input) } : {}),
      running,
      ...(doc.pins?.[uid] ? { pins: doc.pins[uid] } : {}),
      onPin: (items: PinnedItem[] | null) => apply((current) => setNodePins(current, uid, items)),
    };
  }

  const lastData = run.lastStart?.data;
  const modal = <StartDataModal flowId={flowId} doc={doc} {...run.modal} />;
  const bar =
    run.executionId || run.starting ? (
      <EditorRunBar
        starting={run.starting}
        status={view.status}
        destination={labelOf(
          run.lastStart?.destination ?? view.inView?.data?.nodes.at(-1)?.node_uid,
        )}
        error={view.error?.message}
        startData={lastData ? startDataLabels[lastData.kind] : undefined}
        onChangeStartData={run.changeStartData}
      />
    ) : null;

  return {
    canvas: { nodeStates: view.nodeStates, takenEdges: view.takenEdges, pinned },
    panel: { runData: view.runData, runActions },
    /** The start-data modal, and the run's bar (under the canvas). */
    modal,
    bar,
  };
}
