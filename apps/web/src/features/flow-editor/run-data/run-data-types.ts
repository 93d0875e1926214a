import type {
  ExecutionData,
  ExecutionNodeSummary,
  NodeRun,
} from '@ponte/shared/execution-data.schema';
import type { PinnedItem } from '@ponte/shared/flow/flow-document.schema';

/**
 * What the canvas draws on a node while or after a run (docs/adr/0089): its state, how many
 * messages it sent, whether it holds pins. Fed by the live status of the open flow's
 * executions, by the editor's last run, or by an execution opened from the history.
 */
export interface CanvasNodeState {
  state: 'running' | 'success' | 'error' | 'retrying';
  /** While `retrying`: the attempt to come, of how many, when (ms since the epoch). */
  retry?: { attempt: number; of: number; at: number };
  /** Messages the node sent (shown as "N itens"). */
  items?: number;
  /** While it runs: its text so far, live (a model's answer as it is written, docs/adr/0102). */
  text?: string;
}

/** The run the editor is looking at: the last editor run, or an execution from the history. */
export interface RunInView {
  executionId: string;
  /** undefined while loading. */
  data: ExecutionData | undefined;
  /** Where it came from: this editor's run, or 'Abrir no editor'. */
  source: 'editor' | 'history';
}

/** What the node panel shows in its 'Entrada' and 'Saída' views for one node. */
export interface NodePanelData {
  /** The execution's summary of the node; undefined: the node did not run in it. */
  summary: ExecutionNodeSummary | undefined;
  /** Every run of the node with its messages; undefined while loading. */
  runs: NodeRun[] | undefined;
  loading: boolean;
  /** pt-BR, when the data could not be read or was not kept. */
  unavailable?: string;
  /**
   * The node did not run: `runs` hold, as inputs without outputs, the messages its upstream
   * nodes sent towards it in this run (what 'Executar este conector' would run it with).
   */
  expected?: boolean;
}

/** The editor's actions on a node's data, offered in its panel. */
export interface NodePanelRunActions {
  /** 'Executar até aqui'; undefined when it cannot run (then `hint` says why). */
  onRunToHere?: () => void;
  /** 'Executar este conector' with the input it last had; undefined when it has none. */
  onRunNode?: () => void;
  /** pt-BR: why the run buttons are disabled ('Salve o flow para executá-lo no editor.'). */
  hint?: string;
  /** An editor run is going on. */
  running?: boolean;
  /** The node's pins, if any. */
  pins?: PinnedItem[];
  /** Pins these items ('Fixar saída'), or removes the pins with null. */
  onPin?: (items: PinnedItem[] | null) => void;
}

/** MIME type of a field dragged from a data view; text/plain carries `{{ msg.path }}` too. */
export const dataPathDragType = 'application/x-ponte-data-path';
