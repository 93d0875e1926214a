import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageQuerySchema } from './pagination';
import { text } from './text';
import { serviceAccountFields, type ServiceAccountField } from './service-account-fields';
import { hostOfUrl, isHttpSigningType, parseDomainList } from './service-account-hosts';
import {
  productTokenType,
  serviceAccountTypes,
  type ServiceAccountType,
} from './service-account-types';

export { productTokenType, serviceAccountTypes, type ServiceAccountType };

const m = messages.serviceAccounts;

export const serviceAccountTypeLabels: Record<ServiceAccountType, string> = {
  bearer_token: 'Bearer token',
  http_basic: 'HTTP Basic',
  jwt: 'JWT',
  smtp_account: 'Conta SMTP',
  database_uri: 'URI de banco de dados',
  oauth2: 'OAuth2',
  trello_oauth2: 'Trello (OAuth)',
  slack_oauth2: 'Slack (OAuth2)',
  google_oauth2: 'Google (OAuth2)',
  aws_access_key: 'Chave de acesso AWS',
  [productTokenType]: 'Token da API do Ponte',
  sankhya_partner_id: 'Sankhya (parceiro)',
  omie_erp: 'Omie ERP',
  pix_api: 'Pix (API do BC)',
  ftp_server: 'Servidor FTP',
  gpg_auth: 'GPG',
  telegram_bot: 'Bot do Telegram',
  whatsapp_cloud: 'WhatsApp Business (Cloud API)',
  openai_compatible: 'API compatível com OpenAI',
  anthropic_api: 'Anthropic (Claude)',
  gemini_api: 'Google Gemini',
  mcp: 'Servidor MCP',
};

/**
 * Types authorised in the browser: 'Autorizar conta' / 'Reautorizar conta' (spec 2 §4). An MCP
 * server's account is one only when its 'Autenticação' is OAuth2 (`authorizesInBrowser`).
 */
export const oauth2Types = [
  'oauth2',
  'trello_oauth2',
  'slack_oauth2',
  'google_oauth2',
  'mcp',
] as const;
/** The OAuth2 types whose authorisation URL comes from the account API (spec 2 §7). */
export const accountApiOauthTypes = ['trello_oauth2', 'slack_oauth2', 'google_oauth2'] as const;
export const isOauth2Type = (type: string): boolean =>
  (oauth2Types as readonly string[]).includes(type);
/** Whether an account of an OAuth2 type is authorised in the browser with these fields. */
export const authorizesInBrowser = (type: string, data: Record<string, unknown> = {}): boolean =>
  isOauth2Type(type) && (type !== 'mcp' || data.auth === 'oauth2');

/** Longest value of one field: private keys and long URIs fit. */
const fieldMax = 20_000;

function fieldSchema(field: ServiceAccountField): z.ZodType {
  switch (field.kind) {
    case 'number':
      return z.coerce
        .number({ error: m.fieldInvalid(field.label) })
        .int({ error: m.fieldInvalid(field.label) })
        .min(field.name === 'port' ? 1 : 0, { error: m.fieldInvalid(field.label) })
        .max(field.name === 'port' ? 65_535 : 10_000_000, { error: m.fieldInvalid(field.label) });
    case 'switch':
      return z.boolean({ error: m.fieldInvalid(field.label) });
    case 'select':
      return z.enum((field.options ?? []).map((option) => option.value) as [string, ...string[]], {
        error: m.fieldInvalid(field.label),
      });
    default: {
      const value = text({ error: m.fieldInvalid(field.label) })
        .trim()
        .max(fieldMax, { error: m.fieldTooLong(field.label) });
      // 'URL da API' of a service connector: empty (the vendor's) or an http(s) address.
      return field.name === 'api_url'
        ? value
            .regex(/^(https?:\/\/\S+)?$/i, { error: m.fieldInvalid(field.label) })
            .refine((url) => url === '' || hostOfUrl(url) !== null, {
              error: m.fieldInvalid(field.label),
            })
        : value;
    }
  }
}

/**
 * The sub-object a form sends for one type: every non-managed field, secrets optional (an
 * update that omits one keeps the stored value; the server asks for required ones on create),
 * others required when marked and defaulted where spec 2 §9 gives a default.
 */
export function serviceAccountInputSchema(type: ServiceAccountType) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of serviceAccountFields[type]) {
    if (field.managed) continue;
    let schema = fieldSchema(field);
    if (field.secret) schema = schema.optional();
    else if (field.default !== undefined) schema = schema.default(field.default as never);
    else if (field.required && (field.kind === 'text' || field.kind === 'textarea'))
      schema = (schema as z.ZodString).min(1, { error: m.fieldRequired(field.label) });
    else schema = schema.optional();
    shape[field.name] = schema;
  }
  const object = z.object(shape);
  return isHttpSigningType(type) ? object.superRefine(boundToHosts) : object;
}

/**
 * Every entry of 'Domínios' is a host or `*.domain` (docs/adr/0071). That an account names at
 * least one host is checked with the stored secrets, after the required fields
 * (`needsDomains`).
 */
function boundToHosts(data: Record<string, unknown>, context: z.RefinementCtx) {
  const { invalid } = parseDomainList(data.domains);
  if (invalid !== null)
    context.addIssue({ code: 'custom', path: ['domains'], message: m.domainInvalid(invalid) });
}

/** One zod schema per type (what the form sends as the sub-object named after the type). */
export const serviceAccountInputSchemas = Object.fromEntries(
  serviceAccountTypes.map((type) => [type, serviceAccountInputSchema(type)]),
) as Record<ServiceAccountType, ReturnType<typeof serviceAccountInputSchema>>;

/**
 * POST /api/v1/service-accounts and PUT /api/v1/service-accounts/{id}:
 * `{name, auth_type, [auth_type]: {...fields}}`. `workspace` is ignored (the token decides).
 * The sub-object is checked by the service with `serviceAccountInputSchemas[auth_type]`, so
 * its messages name the field.
 */
export const serviceAccountBodySchema = z
  .object({
    name: text({ error: m.nameRequired })
      .trim()
      .min(1, { error: m.nameRequired })
      .max(limits.serviceAccountNameMax, { error: m.nameTooLong }),
    auth_type: z.enum(serviceAccountTypes, { error: m.typeInvalid }),
    workspace: text().max(200).optional(),
  })
  .catchall(z.unknown());
export type ServiceAccountBody = z.input<typeof serviceAccountBodySchema>;

/** Credential health (issue "credential health"): the last real test or refresh. */
export const serviceAccountStatuses = [
  'unchecked',
  'ok',
  'failed',
  'reauthorization_required',
] as const;
export type ServiceAccountStatus = (typeof serviceAccountStatuses)[number];
export const serviceAccountStatusLabels: Record<ServiceAccountStatus, string> = {
  unchecked: 'Não testada',
  ok: 'Conectada',
  failed: 'Falhou',
  reauthorization_required: 'Reautorização necessária',
};

export const serviceAccountHealthSchema = z.object({
  status: z.enum(serviceAccountStatuses),
  /** What the last test or refresh said (pt-BR), or null. */
  message: z.string().nullable(),
  /** When it was last checked (ISO), or null when never. */
  checked_at: z.string().nullable(),
});
export type ServiceAccountHealth = z.infer<typeof serviceAccountHealthSchema>;

const publicSubObject = z.record(z.string(), z.unknown());

/**
 * A service account as the API answers it (spec 2 §3): the sub-object named after the type
 * holds the non-secret fields only; `secrets_set` names the secret fields that hold a value.
 */
export const serviceAccountSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    auth_type: z.enum(serviceAccountTypes),
    url: z.string().nullable(),
    workspace: z.string(),
    updated_at: z.string(),
    secrets_set: z.array(z.string()),
    health: serviceAccountHealthSchema,
    /** Flows of the workspace whose nodes use this account. */
    flows_count: z.number().int().min(0),
    /** Whether `POST /service-accounts/{id}/test` can test this type ('Testar conexão'). */
    testable: z.boolean(),
    /** Only in the answer that creates a `ponte_token` account: shown once, never again. */
    token: z.string().optional(),
  })
  .extend(
    Object.fromEntries(
      serviceAccountTypes.map((type) => [type, publicSubObject.optional()]),
    ) as Record<ServiceAccountType, z.ZodOptional<typeof publicSubObject>>,
  );
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

/** GET /api/v1/service-accounts?limit=1000 (`type` narrows to comma-separated types). */
export const serviceAccountListQuerySchema = pageQuerySchema(
  limits.serviceAccountsLookup,
  limits.serviceAccountsLookup,
).extend({ type: text().max(500).optional() });
export const serviceAccountListSchema = listResponseSchema(serviceAccountSchema);
export type ServiceAccountList = z.infer<typeof serviceAccountListSchema>;

/** DELETE /api/v1/service-accounts/{id}?confirm=true removes one that flows use. */
export const serviceAccountDeleteQuerySchema = z.object({
  confirm: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** The 409 of a removal without `confirm` when flows use the account: `details.flows`. */
export const serviceAccountInUseSchema = z.object({
  flows: z.array(z.object({ _id: z.string(), name: z.string() })),
});

/** POST /api/v1/service-accounts/{id}/test → the new health. */
export const serviceAccountTestResultSchema = serviceAccountHealthSchema;

/** GET /api/v1/service-accounts/{id}/oauth2/authorize/ */
export const authorizationUrlSchema = z.object({ authorization_url: z.string() });
/** POST /account/v1/service-accounts/oauth2/authorize/{id} */
export const accountAuthorizeBodySchema = z.object({
  service_account_id: text().max(200).optional(),
  workspace_id: text().max(200).optional(),
});
export const accountAuthorizeResponseSchema = z.object({ authorize_url: z.string() });

/**
 * PUT /api/v1/service-accounts/{id}/oauth2/token: the decoded callback `data` plus `state` and
 * `grant_type: 'authorization_code'`.
 */
export const oauth2TokenBodySchema = z
  .object({
    grant_type: z.literal('authorization_code'),
    state: text().min(1).max(500),
    code: text().max(4000).optional(),
    token: text().max(4000).optional(),
    error: text().max(2000).optional(),
    service_account_id: text().max(200).optional(),
  })
  .catchall(z.unknown());
