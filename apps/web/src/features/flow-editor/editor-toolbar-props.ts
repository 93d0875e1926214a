import type { FlowImportSource } from '@ponte/shared/flow-import.schema';
import type { DebuggerToolbarControlsProps } from './debugger/debugger-toolbar-controls';

/** What the flow editor gives its toolbar, wide or compact. */
export interface EditorToolbarProps {
  onOpenGallery: () => void;
  onImportFile: () => void;
  /** 'De n8n (.json)' / 'De Node-RED (.json)' (docs/adr/0138). */
  onImportFrom: (source: FlowImportSource) => void;
  /** 'Relatório da importação': the report of the last flow loaded from n8n or Node-RED. */
  onOpenImportReport?: (() => void) | undefined;
  onExport: () => void;
  variableCount: number;
  onOpenVariables: () => void;
  onOpenOptions: () => void;
  onOpenNotes: () => void;
  hasNotes: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  /** 'Executar': enabled only for a saved, enabled flow with a Manual Trigger. */
  execute: { enabled: boolean; hint?: string; onClick: () => void };
  /** Drawn on the right, before 'Executar': the Debugger toggle and 'Executar com Debug'. */
  debug: DebuggerToolbarControlsProps;
  /** On a narrow screen the palette is not beside the graph: 'Conectores' opens it. */
  onOpenPalette: () => void;
  /** 'Histórico de versões' (absent for a new flow, which has none yet). */
  onOpenHistory?: (() => void) | undefined;
}
