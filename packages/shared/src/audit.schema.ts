import { z } from 'zod';
import { pageQuerySchema } from './pagination';
import { securityEventKindLabels, securityEventKinds } from './security-log.schema';

/**
 * The audit log (docs/adr/0107): who changed what, when and from where, with the security log's
 * events folded in. A change is recorded once the API has answered it with success.
 */
export const auditCategories = ['change', 'security'] as const;
export type AuditCategory = (typeof auditCategories)[number];

export const auditCategoryNames: Record<AuditCategory, string> = {
  change: 'Alterações',
  security: 'Segurança',
};

/** What a person or a key did to a resource. */
export const auditActions = [
  'create',
  'update',
  'delete',
  'restore',
  'duplicate',
  'enable',
  'disable',
  'run',
  'stop',
  'decide',
  'pause',
  'resume',
  'clean',
  'retry',
  'password_change',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionNames: Record<AuditAction, string> = {
  create: 'Criou',
  update: 'Alterou',
  delete: 'Removeu',
  restore: 'Restaurou uma versão',
  duplicate: 'Duplicou',
  enable: 'Ativou',
  disable: 'Desativou',
  run: 'Executou',
  stop: 'Parou',
  decide: 'Decidiu',
  pause: 'Pausou',
  resume: 'Retomou',
  clean: 'Limpou',
  retry: 'Reenviou',
  password_change: 'Trocou a senha',
};

/** The pt-BR name of any action of the log, a change's or a security event's. */
export function auditActionName(action: string): string {
  return (
    (auditActionNames as Record<string, string>)[action] ??
    (securityEventKindLabels as Record<string, string>)[action] ??
    action
  );
}

/** The areas a change touches: the permission areas of `@ponte/shared/roles`, and the account. */
export const auditAreaNames: Record<string, string> = {
  flows: 'Flow',
  executions: 'Execução',
  approvals: 'Aprovação',
  tables: 'Tabela',
  records: 'Registro',
  queues: 'Fila',
  storage: 'Arquivo',
  variables: 'Variável',
  holidays: 'Feriado',
  forms: 'Formulário',
  dashboards: 'Dashboard',
  alerts: 'Regra de alerta',
  customNodes: 'Conector personalizado',
  groups: 'Grupo',
  serviceAccounts: 'Conta de serviço',
  members: 'Membro',
  apiKeys: 'Token de API',
  workspace: 'Workspace',
  lgpd: 'LGPD',
  account: 'Conta',
};

/** One field an update changed; values are short texts (`null` when absent). */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditPageSize = 25;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/**
 * GET /api/v1/audit: a page newest first. Filters: category, action, person (`user_id`), key
 * (`api_key_id`), area (`resource_kind`) and the period in days of São Paulo (`from`/`to`,
 * `yyyy-mm-dd`, both included). A filter it cannot read is ignored, never an error.
 */
export const auditQuerySchema = pageQuerySchema(200, auditPageSize)
  .omit({ query: true })
  .extend({
    category: z.enum(auditCategories).optional().catch(undefined),
    action: z
      .enum([...auditActions, ...securityEventKinds])
      .optional()
      .catch(undefined),
    user_id: z.string().max(100).optional().catch(undefined),
    api_key_id: z.string().max(100).optional().catch(undefined),
    resource_kind: z.string().max(40).optional().catch(undefined),
    from: day,
    to: day,
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  _id: z.string(),
  category: z.enum(auditCategories),
  action: z.string(),
  /** The person, when known and of the reader's customer. */
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** The API key that acted, by its name then. */
  api_key: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The name of whoever acted, as it was then. */
  actor_name: z.string(),
  ip: z.string().nullable(),
  resource_kind: z.string(),
  resource_id: z.string(),
  resource_name: z.string(),
  resource: z.string(),
  detail: z.string(),
  changes: z.array(auditChangeSchema),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditListSchema = z.object({
  items: z.array(auditEventSchema),
  total: z.number().int().min(0),
});
export type AuditList = z.infer<typeof auditListSchema>;
