import { z } from 'zod';
import { pageQuerySchema } from '../pagination';
import {
  dataCategories,
  dataCategoryIds,
  legalBasisIds,
  maskSettings,
  type DataCategory,
  type FlowLgpd,
} from './lgpd.schema';

/**
 * The register of the processing operations (ROPA, LGPD art. 37) as Ponte keeps it: one entry
 * per flow, from the flow's `config.lgpd` (docs/adr/0125). GET /api/v1/lgpd/register lists every
 * flow of the workspace, those without an entry too, so that the gaps show.
 */

/** How much of a flow's entry is filled in. */
export const registerStatuses = ['none', 'partial', 'complete'] as const;
export type RegisterStatus = (typeof registerStatuses)[number];

export const registerStatusLabels: Record<RegisterStatus, string> = {
  none: 'Sem registro',
  partial: 'Incompleto',
  complete: 'Completo',
};

type RegisterFields = Pick<
  FlowLgpd,
  'purpose' | 'legal_basis' | 'data_categories' | 'retention_note'
>;

/**
 * 'Sem registro' when no field of the entry is filled; 'Completo' once it says why (finalidade),
 * on which legal basis and which data; otherwise 'Incompleto'. The retention note is optional:
 * the register always shows how long the flow's logs are kept.
 */
export function registerStatusOf(fields: Partial<RegisterFields> | undefined): RegisterStatus {
  const purpose = fields?.purpose?.trim() ?? '';
  const basis = fields?.legal_basis ?? null;
  const categories = fields?.data_categories ?? [];
  const note = fields?.retention_note?.trim() ?? '';
  if (purpose && basis && categories.length) return 'complete';
  if (purpose || basis || categories.length || note) return 'partial';
  return 'none';
}

/** Whether any of these categories is sensitive (art. 5º, II, and children's data, art. 14). */
export const hasSensitiveData = (categories: readonly DataCategory[]) =>
  categories.some((category) => dataCategories[category].sensitive);

export const registerEntrySchema = z.object({
  flow_id: z.string(),
  name: z.string(),
  /** The group's id and name; null: 'Sem grupo'. */
  group: z.string().nullable(),
  group_name: z.string().nullable(),
  enabled: z.boolean(),
  status: z.enum(registerStatuses),
  purpose: z.string(),
  legal_basis: z.enum(legalBasisIds).nullable(),
  data_categories: z.array(z.enum(dataCategoryIds)),
  retention_note: z.string(),
  /** Days its logs and execution data are kept: its own, else the instance's. */
  retention_days: z.number().int(),
  /** Whether `retention_days` is the flow's own (`config.retention_days`). */
  retention_own: z.boolean(),
  /** The flow's masking option ('default' follows the instance). */
  mask: z.enum(maskSettings),
  /** Whether what it stores is masked; null: it follows the instance, whose choice is unknown. */
  masked: z.boolean().nullable(),
  updated_at: z.string(),
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;

export const registerListSchema = z.object({
  items: z.array(registerEntrySchema),
  total: z.number().int().min(0),
  /** The instance's defaults the entries follow: PONTE_LOG_RETENTION_DAYS and PONTE_LGPD_MASK. */
  instance: z.object({
    retention_days: z.number().int(),
    /** null: not known to this server. */
    mask: z.boolean().nullable(),
  }),
});
export type RegisterList = z.infer<typeof registerListSchema>;

export const registerPageSize = 50;

/** `missing=true`: only the flows 'Sem registro'. */
const missingSchema = z
  .enum(['true', 'false'])
  .catch('false')
  .default('false')
  .transform((value) => value === 'true');

/** GET /api/v1/lgpd/register: a page of the flows, by name. */
export const registerQuerySchema = pageQuerySchema(1000, registerPageSize)
  .omit({ query: true })
  .extend({ missing: missingSchema });
export type RegisterQuery = z.output<typeof registerQuerySchema>;

/** The exports take every flow (or every one 'Sem registro'). */
export const registerExportQuerySchema = z.object({ missing: missingSchema });
export type RegisterExportQuery = z.output<typeof registerExportQuerySchema>;

/** 'Mascaramento' as the register shows it: the flow's choice, or the instance's it follows. */
export function maskLabel(entry: Pick<RegisterEntry, 'mask' | 'masked'>): string {
  if (entry.mask === 'on') return 'Ligado';
  if (entry.mask === 'off') return 'Desligado';
  if (entry.masked === null) return 'Padrão da instância';
  return `Padrão da instância (${entry.masked ? 'ligado' : 'desligado'})`;
}

/** 'Retenção' of the logs and execution data: '90 dias', or '30 dias (padrão da instância)'. */
export function retentionLabel(entry: Pick<RegisterEntry, 'retention_days' | 'retention_own'>) {
  const days = entry.retention_days === 1 ? '1 dia' : `${entry.retention_days} dias`;
  return entry.retention_own ? days : `${days} (padrão da instância)`;
}
