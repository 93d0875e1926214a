import { z } from 'zod';
import { flowDocumentSchema } from './flow/flow-document.schema';
import { flowIssueSchema } from './flow/flow-validator';
import { flowLgpdSchema, flowRetentionDaysSchema } from './lgpd/lgpd.schema';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageQuerySchema } from './pagination';
import { text } from './text';
import { versionStampSchema } from './versions.schema';

const m = messages.flows;

export const flowTriggerSchema = z.object({ node_uid: z.string(), node_type: z.string() });
export const flowVariableSchema = z.object({
  key: text().trim().min(1).max(limits.variableKeyMax),
  value: text().max(limits.variableValueMax),
});

/**
 * Spec 1 §5: an empty or value ≤ 0 becomes 0; numbers are stored as integers. Above
 * `limits.rateLimitMax` it is that maximum (it is stored in an integer column; ADR 0022).
 */
const rateLimitSchema = z.union([z.number(), z.string(), z.null()]).transform((value) => {
  const number = Math.trunc(Number(value ?? 0));
  if (number === Infinity) return limits.rateLimitMax;
  return Number.isFinite(number) && number > 0 ? Math.min(number, limits.rateLimitMax) : 0;
});

/**
 * How much of each execution is kept (docs/adr/0060): `default` follows the instance
 * (`PONTE_EXECUTION_SAVE`); `all` every line; `errors` the user's lines, and every line of an
 * execution that did not succeed; `none` only the execution row.
 */
export const executionSaveLevels = ['all', 'errors', 'none'] as const;
export type ExecutionSaveLevel = (typeof executionSaveLevels)[number];
export const saveExecutionsSchema = z.enum(['default', ...executionSaveLevels]);
export type SaveExecutions = z.infer<typeof saveExecutionsSchema>;

/** A flow offered to MCP clients as a tool, and what the tool says it does. */
export const mcpToolSchema = z.object({
  enabled: z.boolean().default(false),
  description: text()
    .trim()
    .max(1000, { error: messages.mcpServer.toolDescriptionLength })
    .default(''),
});
export type McpToolConfig = z.output<typeof mcpToolSchema>;

export const flowConfigSchema = z.object({
  rate_limit: rateLimitSchema.default(0),
  save_executions: saveExecutionsSchema.default('default'),
  /**
   * 'Continuar quando ninguém espera a resposta' (docs/adr/0076): once the caller that waited
   * for an execution's answer (a webhook answered 504, a form told its time ran out, a calling
   * flow that stopped) no longer waits, the execution goes on (true) or is stopped (false).
   */
  continue_unawaited: z.boolean().default(true),
  /**
   * 'Disponível como ferramenta MCP' (docs/adr/0098): MCP clients with a workspace API token
   * list and call the flow. Only a flow started by 'Chamado por outro flow' may have it on.
   */
  mcp_tool: mcpToolSchema.optional(),
  /** Masking and the register of processing (docs/lgpd.md); absent: the instance's masking. */
  lgpd: flowLgpdSchema.optional(),
  /** Days its logs and execution data are kept (docs/lgpd.md); absent or null: the instance's. */
  retention_days: flowRetentionDaysSchema.optional(),
});
/** A flow's options as stored and answered. */
export type FlowConfigValues = z.output<typeof flowConfigSchema>;

/** Spec 1 §3 Flow. */
export const flowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  group: z.string().nullable(),
  workspace: z.string(),
  triggers: z.array(flowTriggerSchema),
  variables: z.array(flowVariableSchema),
  data: flowDocumentSchema.optional(),
  thumbnailData: z.string().nullable().optional(),
  description: z.string(),
  config: z.object({
    rate_limit: z.number().int().min(0),
    save_executions: saveExecutionsSchema.default('default'),
    continue_unawaited: z.boolean().default(true),
    mcp_tool: z.object({ enabled: z.boolean(), description: z.string() }).optional(),
    lgpd: flowLgpdSchema.optional(),
    retention_days: z.number().int().nullable().optional(),
  }),
  deprecated_nodes: z.array(z.string()),
  /** The number of its current version (docs/adr/0103); its `ETag` too. */
  version: z.number().int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;

const nameSchema = text({ error: m.nameLength })
  .trim()
  .min(1, { error: m.nameLength })
  .max(limits.flowNameMax, { error: m.nameLength });

/**
 * What the document of the API says of a body's `data`: the flow document the server checks it
 * against (its node types are those GET /engine/library lists).
 */
const { $schema: _dialect, ...flowDataDocument } = z.toJSONSchema(flowDocumentSchema, {
  io: 'input',
  unrepresentable: 'any',
});

/**
 * POST /api/v1/flows and PUT /api/v1/flows/{id} (every field optional on PUT). `triggers`,
 * `workspace` and `deprecated_nodes` may be sent but the server derives them.
 */
export const flowBodySchema = z.object({
  name: nameSchema,
  enabled: z.boolean().default(false),
  group: text().min(1).nullable().default(null),
  variables: z.array(flowVariableSchema).max(limits.flowVariablesMax).default([]),
  data: z.unknown().optional().meta(flowDataDocument),
  thumbnailData: text().max(limits.flowThumbnailMax).nullable().optional(),
  description: text().max(limits.flowNotesMax, { error: m.notesTooLarge }).default(''),
  config: flowConfigSchema.default({
    rate_limit: 0,
    save_executions: 'default',
    continue_unawaited: true,
  }),
  triggers: z.unknown().optional(),
  workspace: z.unknown().optional(),
  deprecated_nodes: z.unknown().optional(),
});
export type FlowBody = z.output<typeof flowBodySchema>;

export const flowUpdateSchema = z.object({
  name: nameSchema.optional(),
  enabled: z.boolean().optional(),
  group: text().min(1).nullable().optional(),
  variables: z.array(flowVariableSchema).max(limits.flowVariablesMax).optional(),
  data: z.unknown().optional().meta(flowDataDocument),
  thumbnailData: text().max(limits.flowThumbnailMax).nullable().optional(),
  description: text().max(limits.flowNotesMax, { error: m.notesTooLarge }).optional(),
  config: flowConfigSchema.optional(),
  triggers: z.unknown().optional(),
  workspace: z.unknown().optional(),
  deprecated_nodes: z.unknown().optional(),
  ...versionStampSchema.shape,
});
export type FlowUpdate = z.output<typeof flowUpdateSchema>;

/** GET /api/v1/flows: `fields` is space-joined; `-data` leaves the document out. */
export const flowListQuerySchema = pageQuerySchema(limits.flowsLookup, limits.flowsPageSize).extend(
  {
    status: z.enum(['all', 'enabled', 'disabled']).catch('all').default('all'),
    group: text().trim().max(200).optional(),
    fields: text().max(500).optional(),
  },
);
export type FlowListQuery = z.output<typeof flowListQuerySchema>;

export const flowListSchema = listResponseSchema(flowSchema.partial().extend({ _id: z.string() }));
export type FlowList = z.infer<typeof flowListSchema>;

/** The 400 of an invalid document lists the validator's issues. */
export const flowInvalidSchema = z.object({ issues: z.array(flowIssueSchema) });
