import { z } from 'zod';
import { pageQuerySchema } from './pagination';

/**
 * What the security log records (issue 14, item 10; docs/adr/0021): a denied attempt to reach a
 * resource of another workspace, a failed sign-in, a request or socket refused for going over a
 * limit, user code stopped by the sandbox, and a workspace API token created or revoked
 * (docs/adr/0098), a refused single sign-on (docs/adr/0108), and since the audit log
 * (docs/adr/0107) holds them, a sign-in too.
 */
export const securityEventKinds = [
  'cross_workspace_denied',
  'sign_in_failed',
  'throttled',
  'sandbox_killed',
  'api_token_created',
  'api_token_revoked',
  'signed_in',
  'sso_failed',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

/** The pt-BR name of each kind, as the page shows it. */
export const securityEventKindLabels: Record<SecurityEventKind, string> = {
  cross_workspace_denied: 'Acesso negado a outro workspace',
  sign_in_failed: 'Falha ao entrar',
  throttled: 'Limite de requisições atingido',
  sandbox_killed: 'Código interrompido pelo sandbox',
  api_token_created: 'Token de API criado',
  api_token_revoked: 'Token de API revogado',
  signed_in: 'Entrada na conta',
  sso_failed: 'Falha no login único (SSO)',
};

export const securityLogPageSize = 20;

/** GET /account/v1/security-log: a page newest first, optionally one kind. */
export const securityLogQuerySchema = pageQuerySchema(100, securityLogPageSize)
  .omit({ query: true })
  .extend({ kind: z.enum(securityEventKinds).optional().catch(undefined) });
export type SecurityLogQuery = z.infer<typeof securityLogQuerySchema>;

export const securityEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(securityEventKinds),
  /** The user the event is about, when known, with their name and e-mail. */
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  resource: z.string(),
  detail: z.string(),
  created_at: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityLogSchema = z.object({
  items: z.array(securityEventSchema),
  total: z.number().int().min(0),
});
export type SecurityLog = z.infer<typeof securityLogSchema>;
