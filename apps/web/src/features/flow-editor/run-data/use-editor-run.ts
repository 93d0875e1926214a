import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { EditorRunBody } from '@ponte/shared/execution-data.schema';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { upstreamOf } from '@ponte/shared/flow/flow-graph';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { errorMessage } from '../../../lib/api/api-error';
import { startEditorRun } from '../../../lib/executions/start-editor-run';
import { toast } from '../../../lib/toasts';
import {
  chosenTrigger,
  rememberedStartData,
  rememberStartData,
  type StartData,
} from './start-data';
import type { StartDataRequest, TriggerOption } from './start-data-modal';

export const unsavedFlowHint = 'Salve o flow para executá-lo no editor.';
export const noTriggerHint = 'Nenhum gatilho leva a este conector.';

/** How the last run to here started: 'Alterar dados de início' reopens its choice. */
interface LastStart {
  destination: string;
  triggerUid: string;
  /** undefined: the trigger was pinned, no start data was asked. */
  data: StartData | undefined;
}

interface EditorRunOptions {
  /** The saved flow's id; null for a new flow not saved yet. */
  flowId: string | null;
  /** The editor's document as it is now (saved or not, pins included). */
  doc: FlowDocument;
  lookup: ManifestLookup;
}

/**
 * The editor's runs (docs/adr/0089). 'Executar até aqui' starts at the trigger upstream of the
 * node (the one chosen last, else the first in the document) and stops at the node: a pinned
 * trigger runs at once, a trigger with start data remembered this session too, otherwise the
 * start-data modal asks. 'Executar este conector' runs only the node, with an input.
 */
export function useEditorRun({ flowId, doc, lookup }: EditorRunOptions) {
  const [executionId, setExecutionId] = useState<string | null>(null);
  const [asking, setAsking] = useState<(StartDataRequest & { destination: string }) | null>(null);
  const [lastStart, setLastStart] = useState<LastStart | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (body: EditorRunBody) => startEditorRun(flowId ?? '', body),
    onSuccess: (answer) => setExecutionId(answer.execution_id),
    onError: (error) => toast.error(errorMessage(error)),
  });

  const triggersFor = (uid: string): TriggerOption[] =>
    upstreamOf(doc, uid).flatMap((each) => {
      const node = doc.nodes.find((candidate) => candidate.uid === each)!;
      const manifest = lookup(node.type, node.typeVersion);
      if (manifest?.category !== 'trigger') return [];
      return [{ uid: node.uid, type: node.type, label: node.label || manifest.label }];
    });

  /** Why a node cannot run to here, or undefined when it can. */
  const hintFor = (uid: string): string | undefined => {
    if (!flowId) return unsavedFlowHint;
    if (!triggersFor(uid).length) return noTriggerHint;
    return undefined;
  };

  const send = (body: Omit<EditorRunBody, 'document'>) => {
    if (!flowId) return;
    setDestination(body.destination);
    start.mutate({ document: doc, ...body });
  };

  const runFrom = (destination: string, triggerUid: string, data: StartData | undefined) => {
    setLastStart({ destination, triggerUid, data });
    send({ destination, trigger: { node_uid: triggerUid, msg: data?.msg ?? {} } });
  };

  const runToHere = (destination: string) => {
    const triggers = triggersFor(destination);
    if (!flowId || !triggers.length) return;
    const chosen = triggers.find((each) => each.uid === chosenTrigger(flowId)) ?? triggers[0]!;
    if (doc.pins?.[chosen.uid]?.length) return runFrom(destination, chosen.uid, undefined);
    const remembered = rememberedStartData(flowId, chosen.uid);
    if (remembered) return runFrom(destination, chosen.uid, remembered);
    setAsking({ destination, triggers, triggerUid: chosen.uid });
  };

  const runNode = (uid: string, input: Record<string, unknown>) => {
    setLastStart(null);
    send({ destination: uid, startAt: { node_uid: uid, msg: input } });
  };

  /** Reopens the start data of the last run to here; confirming runs it again. */
  const changeStartData = lastStart
    ? () => {
        const triggers = triggersFor(lastStart.destination);
        if (!triggers.length) return;
        setAsking({
          destination: lastStart.destination,
          triggers,
          triggerUid: lastStart.triggerUid,
          ...(lastStart.data ? { current: lastStart.data } : {}),
        });
      }
    : undefined;

  const startWith = (triggerUid: string, data: StartData) => {
    if (!asking || !flowId) return;
    rememberStartData(flowId, triggerUid, data);
    const { destination } = asking;
    setAsking(null);
    runFrom(destination, triggerUid, data);
  };

  return {
    executionId,
    /** The node the last run went to. */
    destination,
    starting: start.isPending,
    hintFor,
    runToHere,
    runNode,
    lastStart,
    changeStartData,
    /** The start-data modal's props. */
    modal: { request: asking, onCancel: () => setAsking(null), onStart: startWith },
  };
}
