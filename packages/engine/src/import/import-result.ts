import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';

/**
 * What an importer of another tool's flows gives back (n8n, Node-RED): Ponte flows ready to be
 * created, each with a report of every original node. Nothing of the original is dropped
 * silently: a node that cannot be translated becomes a disabled placeholder named after it,
 * with the reason.
 */
export const importSources = ['n8n', 'node-red'] as const;
export type ImportSource = (typeof importSources)[number];

/** translated: same behaviour; adapted: works, with differences listed; not_translated: placeholder. */
export const nodeImportStatuses = ['translated', 'adapted', 'not_translated'] as const;
export type NodeImportStatus = (typeof nodeImportStatuses)[number];

export interface NodeImportReport {
  /** The node's name in the original (n8n `name`; Node-RED `name`, else its type). */
  original_name: string;
  /** The node's type in the original (`n8n-nodes-base.httpRequest`, `http in`). */
  original_type: string;
  status: NodeImportStatus;
  /** The Ponte node made from it; absent when it became no node (a sticky note → the notes, a link → an edge). */
  node_uid?: string;
  /** pt-BR sentences a person reads: what changed (adapted) or why not (not_translated). */
  notes: string[];
}

/** A credential the original used: the nodes that need it get a service account to pick. */
export interface ImportAccountNeed {
  /** Stable within the import (the original credential's id, else its name). */
  key: string;
  /** The credential's name in the original. */
  original_name: string;
  /** The credential's type in the original (`httpBasicAuth`, `httpHeaderAuth`…). */
  original_type: string;
  /** The Ponte service-account type to pick or create (`http_basic`, `bearer_token`…). */
  account_type: string;
  /** Ponte nodes whose `service_account` param waits for the pick. */
  node_uids: string[];
}

export interface ImportedFlow {
  name: string;
  /** The flow's notes ('Notas'), HTML the notes editor reads; every original text escaped. */
  description: string;
  data: FlowDocument;
  report: NodeImportReport[];
  accounts: ImportAccountNeed[];
  /** The original's id (n8n workflow id, Node-RED tab id), when it has one. */
  source_id?: string;
  /**
   * Nodes calling another original flow (n8n Execute Workflow, a Node-RED link to another
   * tab): their `flow` param is left '' and set by whoever creates the flows, when the called
   * one is created in the same import.
   */
  flow_refs: Array<{ node_uid: string; source_id: string }>;
}

export interface ImportResult {
  source: ImportSource;
  flows: ImportedFlow[];
}

/** The file is not an export of that tool: `message` is the pt-BR text shown as is. */
export class ImportFormatError extends Error {
  override name = 'ImportFormatError';
}
