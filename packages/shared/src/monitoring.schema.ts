import { z } from 'zod';
import { waitingApproverSchema } from './approval-requests.schema';
import { limits } from './limits';
import { text } from './text';
import { pageNumberSchema } from './pagination';
import { executionModes } from './execution-data.schema';

export const logTypes = ['user', 'internal', 'debug'] as const;
export type LogType = (typeof logTypes)[number];

/** Spec 1 §2.9: the periods of the monitoring page; 1000d is the "every log" of deep links. */
export const dateAliases = {
  '1h': 3_600_000,
  '1d': 86_400_000,
  '7d': 7 * 86_400_000,
  '15d': 15 * 86_400_000,
  '1000d': 1000 * 86_400_000,
} as const;
export type DateAlias = keyof typeof dateAliases;

/** The `filters` query param of GET /api/v1/monitoring/logs, as JSON. */
export const logFiltersSchema = z.object({
  date_alias: z.enum(Object.keys(dateAliases) as [DateAlias, ...DateAlias[]]).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  flow: text().trim().max(200).optional(),
  execution_id: text().trim().max(200).optional(),
  type: z.union([z.enum(logTypes), z.literal(''), z.literal('all')]).optional(),
  search: text().trim().max(500).optional(),
});
export type LogFilters = z.infer<typeof logFiltersSchema>;

export const logListQuerySchema = z.object({
  page: pageNumberSchema,
  size: z.coerce
    .number()
    .int()
    .catch(limits.monitoringPageSize)
    .transform((n) => Math.min(100, Math.max(1, n)))
    .default(limits.monitoringPageSize),
  filters: text().max(5000).optional(),
});

/** Spec 1 §3 Log. */
export const logItemSchema = z.object({
  _id: z.string(),
  data: z.object({
    message: z.string(),
    label: z.string(),
    execution_id: z.string(),
    type: z.enum(logTypes),
    flow_id: z.string(),
    node_uid: z.string().nullable(),
    timestamp: z.string(),
  }),
});
export type LogItem = z.infer<typeof logItemSchema>;

/** `total` is capped at 10000 (the screen shows '+10000'). */
export const logListSchema = z.object({ items: z.array(logItemSchema), total: z.number().int() });
export type LogList = z.infer<typeof logListSchema>;

/** Spec 2 §3 Completed execution, in the log-item shape the history screen reads. */
export const completedExecutionSchema = z.object({
  _id: z.string(),
  data: z.object({
    execution_id: z.string(),
    flow_id: z.string(),
    flow_name: z.string().nullable(),
    /** `waiting`: a part of it ended, and it waits for a person (docs/adr/0100). */
    status: z.enum(['success', 'error', 'stopped', 'crashed', 'waiting']),
    /** `editor`: started from the editor ('Executar até aqui'), shown with an 'Editor' badge. */
    mode: z.enum(executionModes).default('production'),
    timestamp: z.string(),
    message: z.object({ execution_time: z.number().int() }),
    error: z.string().nullable(),
    /** When its caller stopped waiting for its answer while it ran (docs/adr/0076), or null. */
    unawaited_at: z.string().nullable().default(null),
    /** The flow's version it ran (docs/adr/0103); null when it ran before versions existed. */
    flow_version: z.number().int().positive().nullable().default(null),
    /** The execution this one re-ran ('Reexecutar', docs/adr/0113), or null. */
    rerun_of: z.string().nullable().default(null),
  }),
});
export const completedListQuerySchema = z.object({
  page: pageNumberSchema,
  size: z.coerce
    .number()
    .int()
    .catch(limits.completedPageSize)
    .transform((n) => Math.min(100, Math.max(1, n)))
    .default(limits.completedPageSize),
});
export const completedListSchema = z.object({
  items: z.array(completedExecutionSchema),
  total: z.number().int(),
});
export const timeseriesSchema = z.array(z.object({ x: z.string(), y: z.number().int() }));

/** Spec 2 §3 Running execution. */
export const runningExecutionSchema = z.object({
  execution_id: z.string(),
  flow_id: z.string(),
  flow_name: z.string().nullable(),
  trigger_type: z.string(),
  trigger_node_uid: z.string(),
  start_time: z.string(),
  stop_execution: z.boolean(),
  /** When its caller stopped waiting for its answer (docs/adr/0076), or null. */
  unawaited_at: z.string().nullable().default(null),
  /** The flow's version it runs (docs/adr/0103); null when it is not a saved version. */
  flow_version: z.number().int().positive().nullable().default(null),
});
export type RunningExecution = z.infer<typeof runningExecutionSchema>;

/**
 * Why a queued or waiting execution has not run (docs/adr/0111): no worker alive, the flow's
 * concurrency limit, a free slot in the workers, a new attempt, a delay, a person's approval.
 */
export const waitingReasonKinds = [
  'worker',
  'concurrency',
  'slot',
  'retry',
  'delay',
  'call',
  'approval',
] as const;
export type WaitingReasonKind = (typeof waitingReasonKinds)[number];

/** GET /api/v1/monitoring/executions/waiting: an execution that has not run yet, and why. */
export const waitingExecutionSchema = z.object({
  execution_id: z.string(),
  flow_id: z.string(),
  flow_name: z.string().nullable(),
  status: z.enum(['queued', 'waiting']),
  /** When it was queued, or when its last part ended waiting. */
  since: z.string(),
  reason: z.object({
    kind: z.enum(waitingReasonKinds),
    /** In pt-BR, complete: 'Nova tentativa 2 de 4 em 30/11/2026 12:00:05.' */
    text: z.string(),
    /** The node that waits (a new attempt, an approval). */
    node_uid: z.string().optional(),
    /** When the wait ends by itself (a new attempt, a delay). */
    at: z.string().optional(),
  }),
  /** 'Executar agora' skips the wait (a new attempt or a delay not due yet). */
  run_now: z.boolean(),
  flow_version: z.number().int().positive().nullable(),
  /** An 'Aguardar aprovação' waits for these people (docs/adr/0115); empty otherwise. */
  approvers: z.array(waitingApproverSchema).default([]),
});
export type WaitingExecution = z.infer<typeof waitingExecutionSchema>;
export const waitingListSchema = z.object({ items: z.array(waitingExecutionSchema) });

/** Spec 1 §3 Engine status. */
export const engineStatusSchema = z.object({
  running: z.boolean(),
  scheduled_jobs: z.number().int(),
  running_flows_count: z.number().int(),
  queues: z.object({ registered_queues: z.number().int() }),
  /** Where the engine answers (webhooks under /webhook): PONTE_PUBLIC_URL or the request's. */
  endpoint: z.string(),
  /**
   * PONTE_LGPD_MASK: whether flows that follow the instance store personal data masked
   * (docs/adr/0122), for the flow options' 'Padrão da instância'.
   */
  lgpd_mask: z.boolean().default(false),
});

/** POST /api/v1/monitoring/executions/{executionId}/rerun ('Reexecutar', docs/adr/0113). */
export const rerunBodySchema = z.object({
  /** The node to start from with the input it had; absent: the whole flow from its trigger. */
  from_node: z.string().min(1).max(100).optional(),
  /** Which of the node's runs (from 0); absent: its last. */
  run: z.number().int().min(0).optional(),
  /** The flow's current version, or the one the execution ran. */
  version: z.enum(['current', 'ran']).default('current'),
});
export type RerunBody = z.output<typeof rerunBodySchema>;
export const rerunAnswerSchema = z.object({ execution_id: z.string() });

/** POST /api/v1/monitoring/executions/rerun-failed[/preview] (docs/adr/0113). */
export const rerunFailedBodySchema = z.object({
  flow_id: z.string().min(1).max(200),
  /** The period, by when the executions ended (ISO 8601). */
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export type RerunFailedBody = z.output<typeof rerunFailedBodySchema>;
export const rerunFailedPreviewSchema = z.object({
  count: z.number().int(),
  /** Failed executions whose trigger message was not kept (over 1 MB): left out. */
  without_trigger: z.number().int(),
  /** The most one bulk re-run starts. */
  max: z.number().int(),
});
export const rerunFailedAnswerSchema = z.object({
  execution_ids: z.array(z.string()),
  skipped: z.number().int(),
});
