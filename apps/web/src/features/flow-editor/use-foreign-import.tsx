import { useState } from 'react';
import { useReactFlow } from '@xyflow/react';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { FlowImportPreview } from '@ponte/shared/flow-import.schema';
import {
  FlowImportModal,
  type FlowImportChoice,
} from '../../components/flow-import/flow-import-modal';
import { useFlowImportFile } from '../../components/flow-import/use-flow-import-file';
import { toast } from '../../lib/toasts';
import type { FlowSettings } from './state/use-flow-draft';

/** What the import changes of the editor's draft. */
interface ForeignImportDraft {
  apply: (edit: (doc: FlowDocument) => FlowDocument) => void;
  settings: FlowSettings;
  change: (patch: Partial<FlowSettings>) => void;
}

/** The flow's document with the picked accounts set on the nodes of each credential. */
function withAccounts(flow: FlowImportPreview['flows'][number], accounts: Record<string, string>) {
  const byNode = new Map(
    flow.accounts.flatMap((need) => {
      const id = accounts[need.key];
      return id ? need.node_uids.map((uid) => [uid, id] as const) : [];
    }),
  );
  return {
    ...flow.data,
    nodes: flow.data.nodes.map((node) => {
      const id = byNode.get(node.uid);
      return id ? { ...node, params: { ...node.params, service_account: id } } : node;
    }),
  };
}

/**
 * 'De n8n (.json)' / 'De Node-RED (.json)' of the editor (docs/adr/0138): the file's report,
 * one flow picked, and its graph replaces the open one, unsaved (undo brings the old one back).
 * An unnamed flow takes the imported name and notes, and is left disabled. The report of the last load stays open to
 * 'Relatório da importação' until the editor closes.
 */
export function useForeignImport({ apply, settings, change }: ForeignImportDraft) {
  const { fitView } = useReactFlow();
  const file = useFlowImportFile();
  const [lastLoaded, setLastLoaded] = useState<FlowImportPreview | null>(null);
  const [viewing, setViewing] = useState(false);

  const load = ({ accounts, flowIndex }: FlowImportChoice) => {
    const picked = file.picked;
    const flow = picked?.preview.flows[flowIndex];
    if (!picked || !flow) return;
    apply(() => withAccounts(flow, accounts));
    if (!settings.name.trim()) {
      change({
        name: flow.name,
        enabled: false,
        ...(settings.description.trim() ? {} : { description: flow.description }),
      });
    }
    setLastLoaded({ ...picked.preview, flows: [flow], totals: picked.preview.totals });
    file.close();
    toast.success('Flow carregado no editor. Revise e salve para manter.');
    window.setTimeout(() => void fitView({ duration: 300, maxZoom: 1.2 }), 50);
  };

  return {
    /** The toolbar's 'De n8n (.json)', 'De Node-RED (.json)' and 'Relatório da importação'. */
    toolbar: {
      onImportFrom: file.start,
      onOpenImportReport: lastLoaded ? () => setViewing(true) : undefined,
    },
    element: (
      <>
        {file.fileInput}
        {file.picked ? (
          <FlowImportModal
            preview={file.picked.preview}
            mode="load"
            onClose={file.close}
            onConfirm={load}
          />
        ) : null}
        {viewing && lastLoaded ? (
          <FlowImportModal
            preview={lastLoaded}
            mode="view"
            onClose={() => setViewing(false)}
            onConfirm={() => setViewing(false)}
          />
        ) : null}
      </>
    ),
  };
}
