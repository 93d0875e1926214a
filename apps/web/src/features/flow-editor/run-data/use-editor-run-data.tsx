import { useMemo } from 'react';
import type { FlowDocument, PinnedItem } from '@ponte/shared/flow/flow-document.schema';
import { setNodePins, type ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { EditorRunBar } from './editor-run-bar';
import type { NodePanelRunActions } from './run-data-types';
import type { FlowStatus } from './use-flow-status';
import { isUnderway, lastInput, pinnedUids } from './run-view';
import { startDataLabels } from './start-data';
import { StartDataModal } from './start-data-modal';
import { useEditorRun } from './use-editor-run';
import { useRunInView } from './use-run-in-view';

const emptyEdges: ReadonlySet<string> = new Set();

interface EditorRunDataOptions {
  flowId: string | null;
  doc: FlowDocument;
  apply: (edit: (doc: FlowDocument) => FlowDocument) => void;
  lookup: ManifestLookup;
  /** The node whose panel is open. */
  selectedUid: string | undefined;
  /** The live status of the open flow's executions (`useFlowStatus`), any trigger. */
  flowStatus?: FlowStatus;
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
  flowStatus,
}: EditorRunDataOptions) {
  const run = useEditorRun({ flowId, doc, lookup });
  const latest = flowStatus?.latest ?? null;
  // The live status of the run in view goes over its summaries; its end reads the data again.
  const same = latest !== null && latest.executionId === run.executionId;
  const live = same ? flowStatus?.nodeStates : undefined;
  const liveFinished = same && latest.finished !== undefined;
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

  // The open node's text as it is written, in whichever execution of the flow runs it now.
  const liveText =
    selectedUid !== undefined && latest?.finished === undefined
      ? flowStatus?.nodeStates.get(selectedUid)?.text
      : undefined;

  // Another execution of the flow (a webhook, a schedule…) is shown while it runs, and after
  // it when the editor has no run of its own in view (docs/adr/0089).
  const otherExecution =
    latest !== null && !same && (latest.finished === undefined || run.executionId === null);

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
        aiTokens={view.inView?.data?.ai_tokens}
        startData={lastData ? startDataLabels[lastData.kind] : undefined}
        onChangeStartData={run.changeStartData}
      />
    ) : null;

  return {
    canvas: {
      nodeStates: otherExecution ? (flowStatus?.nodeStates ?? view.nodeStates) : view.nodeStates,
      takenEdges: otherExecution ? emptyEdges : view.takenEdges,
      pinned,
    },
    panel: { runData: view.runData, runActions, ...(liveText !== undefined ? { liveText } : {}) },
    /** The start-data modal, and the run's bar (under the canvas). */
    modal,
    bar,
  };
}
