import { ImportFormatError } from '../import-result';
import { translateValue, type TranslatedValue } from './expressions';

/**
 * An n8n node's parameters as exported: JSON whose shape depends on the node type and version,
 * with no schema to type it by. Mappers read it defensively (defaults, `??`, checks before use).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type N8nParams = Record<string, any>;

/** What an exported n8n workflow holds, as far as the importer reads it (1.x and 2.x). */
export interface N8nNode {
  id?: string;
  name: string;
  type: string;
  typeVersion?: number;
  position?: [number, number];
  parameters?: N8nParams;
  credentials?: Record<string, { id?: string | null; name?: string }>;
  disabled?: boolean;
  notes?: string;
  notesInFlow?: boolean;
  onError?: 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput';
  continueOnFail?: boolean;
  retryOnFail?: boolean;
  maxTries?: number;
  waitBetweenTries?: number;
  executeOnce?: boolean;
  alwaysOutputData?: boolean;
  webhookId?: string;
}

export type N8nConnections = Record<
  string,
  Record<string, Array<Array<{ node: string; type?: string; index?: number }> | null> | undefined>
>;

export interface N8nWorkflow {
  id?: string | number;
  name?: string;
  nodes: N8nNode[];
  connections: N8nConnections;
  settings?: Record<string, unknown>;
}

export const notAnExport =
  'O arquivo não é um fluxo exportado do n8n: esperávamos um JSON com "nodes" e "connections".';

function isWorkflow(value: unknown): value is N8nWorkflow {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { nodes, connections } = value as Record<string, unknown>;
  return (
    Array.isArray(nodes) &&
    nodes.every(
      (node) =>
        node &&
        typeof node === 'object' &&
        typeof (node as N8nNode).name === 'string' &&
        typeof (node as N8nNode).type === 'string',
    ) &&
    !!connections &&
    typeof connections === 'object' &&
    !Array.isArray(connections)
  );
}

/**
 * The workflows of an export: one workflow, a list of them (`export:workflow --all`), or the
 * public API's `{data: [...]}`. Anything else is not an n8n export.
 */
export function readWorkflows(input: unknown): N8nWorkflow[] {
  const list = Array.isArray(input)
    ? input
    : input && typeof input === 'object' && Array.isArray((input as { data?: unknown }).data)
      ? (input as { data: unknown[] }).data
      : [input];
  if (!list.length || !list.every(isWorkflow)) throw new ImportFormatError(notAnExport);
  return list;
}

/** What a mapper gives for one n8n node. */
export interface Mapped {
  type: string;
  params: Record<string, unknown>;
  /** The Ponte outputs each n8n main output (by index) becomes. */
  outputs: string[][];
  /** Set when the node became a placeholder: the pt-BR reason. */
  notTranslated?: string;
  /** The credential the node's `service_account` waits for, with the Ponte account type. */
  account?: { credential: string; accountType: string };
  /** The n8n workflow id an Execute Workflow node calls. */
  flowRef?: string;
  /**
   * A node put right after this one (uid `<uid>-n8n`), from which the original's connections
   * leave: the webhook's item reshaped as n8n gives it.
   */
  then?: { type: string; label: string; params: Record<string, unknown> };
}

/** What every mapper gets: the node and the ways to translate and note. */
export interface MapContext {
  node: N8nNode;
  params: N8nParams;
  settings: Record<string, unknown>;
  /** A param value as Ponte's, its expression notes kept for the report. */
  value(value: unknown): unknown;
  /** A pt-BR note: something behaves differently (the node is reported adapted). */
  note(text: string): void;
  /** Where expression translations accumulate. */
  expressions: TranslatedValue;
}

export function createMapContext(
  node: N8nNode,
  settings: Record<string, unknown>,
): MapContext & {
  notes: string[];
} {
  const notes: string[] = [];
  const expressions: TranslatedValue = { value: undefined, review: [], notes: [] };
  return {
    node,
    params: node.parameters ?? {},
    settings,
    notes,
    expressions,
    value(value) {
      const translated = translateValue(value);
      expressions.review.push(...translated.review);
      expressions.notes.push(...translated.notes);
      return translated.value;
    },
    note(text) {
      notes.push(text);
    },
  };
}
