import { z } from 'zod';
import { retentionMessages as m } from '../messages-retention';
import { listResponseSchema, pageQuerySchema } from '../pagination';
import { text } from '../text';

/**
 * Retention per flow and per area (docs/adr/0123): the rules a workspace keeps for its table
 * records, queue messages and Storage folders, and the record of every deletion pass.
 */

/** What a rule removes: a table's records, a queue's finished messages, a folder's files. */
export const retentionRuleAreas = ['table', 'queue', 'storage'] as const;
export type RetentionRuleArea = (typeof retentionRuleAreas)[number];

/** Where a deletion pass removed data: the two of the logs' retention, then the rules' three. */
export const retentionRunAreas = ['logs', 'execution_data', ...retentionRuleAreas] as const;
export type RetentionRunArea = (typeof retentionRunAreas)[number];

export const retentionAreaLabels: Record<RetentionRunArea, string> = {
  logs: 'Logs',
  execution_data: 'Dados das execuções',
  table: 'Registros de tabela',
  queue: 'Mensagens de fila',
  storage: 'Arquivos do Storage',
};

/** Who decided the days of a pass: the instance's variable, a flow's option, or a rule. */
export const retentionRunSources = ['instance', 'flow', 'rule'] as const;
export type RetentionRunSource = (typeof retentionRunSources)[number];

export const retentionDaysMax = 36_500;
/** Rules a workspace may keep (one per target). */
export const retentionRulesMax = 200;
/** The history's page. */
export const retentionRunsPageSize = 20;

export const retentionDaysSchema = z
  .number({ error: m.daysInvalid })
  .int({ error: m.daysInvalid })
  .min(1, { error: m.daysInvalid })
  .max(retentionDaysMax, { error: m.daysInvalid });

/**
 * POST / PUT /api/v1/lgpd/retention/rules. `target`: the table's or queue's `_id`, or the
 * folder's path. `date_field`: for a table, the date or datetime field that dates a record;
 * null dates it by its creation.
 */
export const retentionRuleBodySchema = z.object({
  area: z.enum(retentionRuleAreas, { error: m.areaInvalid }),
  target: text({ error: m.targetRequired }).trim().min(1, { error: m.targetRequired }).max(1000),
  date_field: text().trim().max(200).nullable().default(null),
  days: retentionDaysSchema,
});
export type RetentionRuleBody = z.input<typeof retentionRuleBodySchema>;
export type RetentionRuleInput = z.output<typeof retentionRuleBodySchema>;

export const retentionRuleSchema = z.object({
  _id: z.string(),
  area: z.enum(retentionRuleAreas),
  target: z.string(),
  /** The table's or queue's name now (the folder's path); null once it was removed. */
  target_name: z.string().nullable(),
  date_field: z.string().nullable(),
  /** The date field's label now (null: the record's creation, or a field since removed). */
  date_field_label: z.string().nullable(),
  days: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RetentionRule = z.infer<typeof retentionRuleSchema>;

/** A flow that keeps its logs and execution data its own number of days. */
export const retentionFlowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  retention_days: z.number().int(),
});
export type RetentionFlow = z.infer<typeof retentionFlowSchema>;

/** GET /api/v1/lgpd/retention: the instance's days, the flows with their own, the rules. */
export const retentionOverviewSchema = z.object({
  instance_days: z.number().int(),
  /** The environment variable that sets `instance_days`. */
  instance_variable: z.string(),
  flows: z.array(retentionFlowSchema),
  rules: z.array(retentionRuleSchema),
});
export type RetentionOverview = z.infer<typeof retentionOverviewSchema>;

/** GET /api/v1/lgpd/retention/instance: the instance's days, for 'Opções do Flow'. */
export const retentionInstanceSchema = z.object({ days: z.number().int(), variable: z.string() });
export type RetentionInstance = z.infer<typeof retentionInstanceSchema>;

/** GET /api/v1/lgpd/retention/targets: what a rule may name (the form's selects). */
export const retentionTargetsSchema = z.object({
  tables: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      date_fields: z.array(
        z.object({ name: z.string(), label: z.string(), type: z.enum(['date', 'datetime']) }),
      ),
    }),
  ),
  queues: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type RetentionTargets = z.infer<typeof retentionTargetsSchema>;

/** One deletion pass that removed something. */
export const retentionRunSchema = z.object({
  _id: z.string(),
  at: z.string(),
  area: z.enum(retentionRunAreas),
  /** The flow's, table's or queue's name at that time, or the folder; '' for the instance. */
  target_name: z.string(),
  source: z.enum(retentionRunSources),
  rule_id: z.string().nullable(),
  days: z.number().int(),
  /** Rows, messages or files removed (for execution data: node data rows, flow versions and trigger messages). */
  removed: z.number().int(),
  /** Bytes freed, measured (docs/adr/0123). */
  bytes: z.number().int(),
  manual: z.boolean(),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;

export const retentionRunListQuerySchema = pageQuerySchema(100, retentionRunsPageSize);
export const retentionRunListSchema = listResponseSchema(retentionRunSchema);
export type RetentionRunList = z.infer<typeof retentionRunListSchema>;

/** POST /api/v1/lgpd/retention/rules/{id}/apply: what this pass removed. */
export const retentionApplyResultSchema = z.object({
  removed: z.number().int(),
  bytes: z.number().int(),
});
export type RetentionApplyResult = z.infer<typeof retentionApplyResultSchema>;

const oneDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Space freed in pt-BR units of 1024, one decimal at most: '512 B', '1,2 MB'. */
export function formatFreedBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${oneDecimal.format(value)} ${units[unit]}`;
}
