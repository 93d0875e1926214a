import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { flowDocumentSchema } from '@ponte/shared/flow/flow-document.schema';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { appendVariables, insertDocument } from '@ponte/shared/flow/flow-operations';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { validateFlowFile } from './api/validate-flow-file';
import { ExportPinsModal } from './flow-file/export-pins-modal';
import { buildFlowFile, downloadJson, flowFileName, readFlowFile } from './flow-file/flow-file';
import { newNodeUid } from './state/editor-clipboard';

type Variables = { key: string; value: string }[];

export const importPickMessage =
  'Selecione a posição no editor para importar o fluxo (Esc cancela)';

interface FlowImportOptions {
  doc: FlowDocument;
  apply: (edit: (doc: FlowDocument) => FlowDocument) => void;
  variables: Variables;
  onVariables: (variables: Variables) => void;
  select: (uids: string[]) => void;
  /** 'Dados fixados em: …' when nodes hold pins: export then asks whether to include them. */
  pinsNotice?: string | null;
}

/**
 * Import from a file (spec 1 §5): the person picks a point on the canvas first, then the file;
 * the engine validates it; its graph lands at that point and its variables are appended.
 * Export writes the graph and the variables to `{slug do nome}.json`; pinned data only when the
 * person asks for it. An imported file's pins come with its nodes.
 */
export function useFlowImport({
  doc,
  apply,
  variables,
  onVariables,
  select,
  pinsNotice,
}: FlowImportOptions) {
  const [picking, setPicking] = useState(false);
  /** The name of the flow being exported while the pins question is open. */
  const [exporting, setExporting] = useState<string | null>(null);
  const position = useRef({ x: 0, y: 0 });
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!picking) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPicking(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [picking]);

  const addVariables = (incoming: Variables | undefined) => {
    if (incoming?.length) onVariables(appendVariables(variables, incoming));
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    try {
      const parsed = await readFlowFile(file);
      const verdict = await validateFlowFile(parsed);
      if (!verdict.isValid) {
        toast.error('O arquivo possui erros e não pode ser importado');
        return;
      }
      const result = insertDocument(
        doc,
        flowDocumentSchema.parse(parsed.data),
        position.current,
        newNodeUid,
        { keepPins: true },
      );
      apply(() => result.doc);
      addVariables(parsed.variables);
      select(result.uids);
      toast.success('Arquivo importado com sucesso');
    } catch (error) {
      toast.error(`Ocorreu um erro ao importar o fluxo: ${errorMessage(error)}`);
    }
  };

  const exportNow = (name: string, includePins: boolean) => {
    const { pins: _pins, ...withoutPins } = doc;
    const data = includePins ? doc : withoutPins;
    downloadJson(flowFileName(name), buildFlowFile({ name, data, variables }));
  };

  return {
    picking,
    pickMessage: importPickMessage,
    startFileImport: () => setPicking(true),
    /** The point chosen on the canvas; the file dialog opens within the same click. */
    pick: (at: { x: number; y: number }) => {
      position.current = at;
      setPicking(false);
      input.current?.click();
    },
    cancelPick: () => setPicking(false),
    addVariables,
    exportFile: (name: string) => {
      if (pinsNotice) setExporting(name);
      else exportNow(name, false);
    },
    exportDialog: (
      <ExportPinsModal
        opened={exporting !== null}
        notice={pinsNotice ?? ''}
        onCancel={() => setExporting(null)}
        onExport={(includePins) => {
          if (exporting !== null) exportNow(exporting, includePins);
          setExporting(null);
        }}
      />
    ),
    fileInput: (
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="flow-import-file"
        onChange={(event) => void onFile(event)}
      />
    ),
  };
}
