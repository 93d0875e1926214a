import { z } from 'zod';
import { flowDocumentSchema } from './flow/flow-document.schema';
import { text } from './text';

/** The tools whose exports Ponte imports (docs/adr/0138). */
export const flowImportSources = ['n8n', 'node-red'] as const;
export type FlowImportSource = (typeof flowImportSources)[number];

/** The largest body of an import: the file and the choices (10 MB, the server's own limit). */
export const flowImportBodyLimit = 10 * 1024 * 1024;

export const nodeImportStatusSchema = z.enum(['translated', 'adapted', 'not_translated']);

/** One original node and what became of it. */
export const nodeImportReportSchema = z.object({
  original_name: z.string(),
  original_type: z.string(),
  status: nodeImportStatusSchema,
  node_uid: z.string().optional(),
  notes: z.array(z.string()),
});
export type NodeImportReportRow = z.infer<typeof nodeImportReportSchema>;

/** A credential of the original: the service account to pick for its nodes. */
export const importAccountNeedSchema = z.object({
  key: z.string(),
  original_name: z.string(),
  original_type: z.string(),
  account_type: z.string(),
  node_uids: z.array(z.string()),
});
export type ImportAccountNeedRow = z.infer<typeof importAccountNeedSchema>;

/** POST /api/v1/flows/import-from. */
export const flowImportBodySchema = z.object({
  source: z.enum(flowImportSources),
  /** The export as the tool wrote it (n8n workflow JSON, Node-RED flow list), parsed. */
  document: z.unknown(),
  /** Only translate and report: nothing is created. */
  dry_run: z.boolean().default(false),
  /** The service account picked for each need (`accounts[].key` → account `_id`). */
  accounts: z.record(text().max(500), text().max(100)).default({}),
  group: text().min(1).nullable().default(null),
});
export type FlowImportBody = z.input<typeof flowImportBodySchema>;

const totalsSchema = z.object({
  translated: z.number().int(),
  adapted: z.number().int(),
  not_translated: z.number().int(),
});
export type FlowImportTotals = z.infer<typeof totalsSchema>;

/** The dry run: every flow as it would be created, with its report. */
export const flowImportPreviewSchema = z.object({
  source: z.enum(flowImportSources),
  flows: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      nodes: z.number().int(),
      data: flowDocumentSchema,
      report: z.array(nodeImportReportSchema),
      accounts: z.array(importAccountNeedSchema),
    }),
  ),
  totals: totalsSchema,
});
export type FlowImportPreview = z.infer<typeof flowImportPreviewSchema>;

/** The import done: the flows created, disabled, with their reports. */
export const flowImportCreatedSchema = z.object({
  flows: z.array(
    z.object({ _id: z.string(), name: z.string(), report: z.array(nodeImportReportSchema) }),
  ),
  totals: totalsSchema,
});
export type FlowImportCreated = z.infer<typeof flowImportCreatedSchema>;
