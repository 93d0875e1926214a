import { z } from 'zod';
import { aiTokensSchema } from './ai-tokens.schema';
import { flowDocumentSchema, pinnedItemSchema } from './flow/flow-document.schema';

/**
 * The data an execution kept per node (docs/adr/0089): what reached each node and what it
 * sent, read by the editor's 'Entrada' / 'Saída' views and by 'Abrir no editor'.
 *
 * Kept by the runner according to the flow's save setting (`all`: every execution, `errors`:
 * executions that did not succeed, `none`: nothing); editor runs and debug runs keep it always.
 * Capped per node and per execution (`executionDataCaps`); a run over its cap keeps its counts,
 * output names, duration and error, and drops its messages (`truncated`).
 */

/** How much message JSON is stored (bytes). Editor runs are for looking: they keep more. */
export const executionDataCaps = {
  production: { perNodeBytes: 1024 * 1024, perExecutionBytes: 4 * 1024 * 1024 },
  editor: { perNodeBytes: 16 * 1024 * 1024, perExecutionBytes: 32 * 1024 * 1024 },
} as const;

/** `production`: any trigger of a saved flow; `editor`: 'Executar até aqui' / 'Executar este conector'. */
export const executionModes = ['production', 'editor'] as const;
export type ExecutionMode = (typeof executionModes)[number];

/** One run of a node in an execution (a node reached by several messages runs several times). */
export const nodeRunSchema = z.object({
  /** The message the node received (null when dropped by the cap). */
  input: z.record(z.string(), z.unknown()).nullable(),
  /** What it sent, in order, each on its named output (`default`, `true`, `error`, a case…). */
  outputs: z.array(pinnedItemSchema.extend({ msg: z.record(z.string(), z.unknown()).nullable() })),
  /** Milliseconds the node took. */
  duration_ms: z.number(),
  /** Why it failed (it may still have sent its input to its `error` output). */
  error: z.object({ message: z.string() }).optional(),
  /** It did not run: its pinned output was sent (editor runs only). */
  pinned: z.boolean().optional(),
  /** Its node tries again on failures ('Em caso de erro'): which attempt this was, from 1. */
  attempt: z.number().int().positive().optional(),
  /** Its messages were larger than the cap and were not kept: their JSON size in bytes. */
  truncated: z.object({ bytes: z.number().int() }).optional(),
});
export type NodeRun = z.infer<typeof nodeRunSchema>;

/** The canvas's view of one node in an execution: no message bodies. */
export const executionNodeSummarySchema = z.object({
  node_uid: z.string(),
  status: z.enum(['success', 'error']),
  /** Times the node ran. */
  runs: z.number().int(),
  /** Messages sent, in total and by output name. */
  items: z.number().int(),
  outputs: z.record(z.string(), z.number().int()),
  /** Milliseconds over every run. */
  duration_ms: z.number(),
  error: z.object({ message: z.string() }).optional(),
  pinned: z.boolean().optional(),
  /** Some of its runs were over the cap: their messages were not kept. */
  truncated: z.boolean().optional(),
});
export type ExecutionNodeSummary = z.infer<typeof executionNodeSummarySchema>;

/** GET /api/v1/monitoring/executions/{executionId}/data */
export const executionDataSchema = z.object({
  execution: z.object({
    _id: z.string(),
    flow_id: z.string(),
    status: z.enum(['queued', 'running', 'waiting', 'success', 'error', 'stopped', 'crashed']),
    mode: z.enum(executionModes),
    debug: z.boolean(),
    trigger_node_uid: z.string(),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    duration_ms: z.number().nullable(),
    error: z.object({ message: z.string(), node_uid: z.string().optional() }).nullable(),
    /**
     * The flow's version it ran (docs/adr/0103): null when it ran before versions existed, is
     * still queued, or ran an editor's unsaved document.
     */
    flow_version: z.number().int().positive().nullable().default(null),
    /** The execution this one re-ran ('Reexecutar', docs/adr/0113), or null. */
    rerun_of: z.string().nullable().default(null),
    /**
     * What it stored (lines, node data, trigger message) holds personal data masked
     * (docs/adr/0122): it is not re-run.
     */
    personal_data_masked: z.boolean().default(false),
    /** Its OpenTelemetry trace id, when tracing was on (docs/adr/0131), or null. */
    trace_id: z.string().nullable().default(null),
  }),
  /** The flow document the execution ran (null when its data was not kept). */
  flow: flowDocumentSchema.nullable(),
  /** false: the save setting kept no data for this execution (`kept_reason` says why). */
  kept: z.boolean(),
  /** pt-BR: why nothing was kept ('O flow guarda dados só de execuções com erro.'…). */
  kept_reason: z.string().optional(),
  /** Every node that ran, in the order each first ran. */
  nodes: z.array(executionNodeSummarySchema),
  /**
   * The tokens the execution's model calls spent, summed (docs/adr/0101); absent when it made
   * none. Counted whether or not its data was kept.
   */
  ai_tokens: aiTokensSchema.optional(),
});
export type ExecutionData = z.infer<typeof executionDataSchema>;

/** GET /api/v1/monitoring/executions/{executionId}/data/{nodeUid} */
export const nodeDataSchema = z.object({
  node_uid: z.string(),
  runs: z.array(nodeRunSchema),
});
export type NodeData = z.infer<typeof nodeDataSchema>;

/**
 * POST /engine/flow/editor-run/{flowId}: runs the editor's document (saved or not) as an editor
 * run. The flow must exist in the workspace; it need not be enabled.
 * - 'Executar até aqui': `destination` and `trigger` (the trigger node upstream of it and the
 *   message it starts with); nodes that do not lead to `destination` and everything after it
 *   never run.
 * - 'Executar este conector': `destination` and `startAt` (the node's last input).
 * Pinned nodes (`document.pins`) send their pins instead of running.
 */
export const editorRunBodySchema = z.object({
  document: flowDocumentSchema,
  destination: z.string().min(1).max(100),
  trigger: z
    .object({
      node_uid: z.string().min(1).max(100),
      msg: z.record(z.string(), z.unknown()),
    })
    .optional(),
  startAt: z
    .object({
      node_uid: z.string().min(1).max(100),
      msg: z.record(z.string(), z.unknown()),
    })
    .optional(),
});
export type EditorRunBody = z.infer<typeof editorRunBodySchema>;

/** GET /engine/flow/last-trigger-message/{flowId}/{nodeUid}: a webhook's last received request. */
export const lastTriggerMessageSchema = z.object({
  execution_id: z.string().nullable(),
  /** null: no execution of this trigger kept its message. */
  msg: z.record(z.string(), z.unknown()).nullable(),
  received_at: z.string().nullable(),
});

/** POST /engine/expressions/preview: evaluates templates against a message, as a run would. */
export const expressionPreviewBodySchema = z.object({
  flow_id: z.string().min(1).max(100),
  msg: z.record(z.string(), z.unknown()),
  templates: z.array(z.string().max(20_000)).min(1).max(100),
});
export const expressionPreviewSchema = z.object({
  results: z.array(
    z.union([
      z.object({ ok: z.literal(true), value: z.unknown() }),
      z.object({ ok: z.literal(false), error: z.string() }),
    ]),
  ),
});

/** Characters of a running node's text the live status carries: the last ones, after '…'. */
export const flowStatusTextChars = 20_000;

/**
 * Live status of the open flow's executions (room `flow-status-{flowId}`, event `flow-status`):
 * every execution of the flow, not only debug ones, as Node-RED's node status does. Batched:
 * at most one event per execution every 250 ms, the last state of each node wins.
 */
export const flowStatusEventSchema = z.object({
  execution_id: z.string(),
  mode: z.enum(executionModes),
  nodes: z.array(
    z.object({
      node_uid: z.string(),
      /** `retrying`: it failed and waits for a new attempt ('Em caso de erro', docs/adr/0110). */
      state: z.enum(['running', 'success', 'error', 'retrying']),
      /** While `retrying`: the attempt to come, of how many, when (ms since the epoch). */
      retry: z.object({ attempt: z.number(), of: z.number(), at: z.number() }).optional(),
      /** Messages the node sent so far in this execution. */
      items: z.number().int(),
      /**
       * While it runs: its text so far (a model's answer as it is written, docs/adr/0102), at
       * most `flowStatusTextChars` of its end. Gone once the node ends.
       */
      text: z
        .string()
        .max(flowStatusTextChars + 1)
        .optional(),
    }),
  ),
  /** Set once, when the execution ended. */
  finished: z.enum(['success', 'error', 'stopped', 'crashed', 'waiting']).optional(),
});
export type FlowStatusEvent = z.infer<typeof flowStatusEventSchema>;
