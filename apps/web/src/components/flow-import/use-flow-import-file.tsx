import { useRef, useState } from 'react';
import type { FlowImportPreview, FlowImportSource } from '@ponte/shared/flow-import.schema';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { previewFlowImport } from '../../lib/flow-import/api/import-flows';
import { readTextFile } from '../../lib/read-text-file';
import { toast } from '../../lib/toasts';

const m = messages.flowImport;

export interface PickedImport {
  source: FlowImportSource;
  /** The file's JSON, sent again when the import is confirmed. */
  document: unknown;
  preview: FlowImportPreview;
}

/**
 * 'De n8n (.json)' / 'De Node-RED (.json)': the file dialog, then the server's dry run. The
 * preview is kept with the file until the import is confirmed or cancelled.
 */
export function useFlowImportFile() {
  const input = useRef<HTMLInputElement>(null);
  const source = useRef<FlowImportSource>('n8n');
  const [picked, setPicked] = useState<PickedImport | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    let document: unknown;
    try {
      document = JSON.parse(await readTextFile(file, m.unreadableFile));
    } catch {
      toast.error(m.unreadableFile);
      return;
    }
    try {
      const preview = await previewFlowImport(source.current, document);
      setPicked({ source: source.current, document, preview });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return {
    picked,
    close: () => setPicked(null),
    /** Opens the file dialog for an export of `from`. */
    start: (from: FlowImportSource) => {
      source.current = from;
      input.current?.click();
    },
    fileInput: (
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="foreign-import-file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          void onFile(file);
        }}
      />
    ),
  };
}
