import isEmail from 'validator/lib/isEmail.js';
import isURL from 'validator/lib/isURL.js';
import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageNumberSchema } from './pagination';
import { text } from './text';
import { versionStampSchema } from './versions.schema';

/**
 * Alert rules (spec 2 'Alert rules', §3 Alert rule, §4, §5, §7, §9; docs/adr/0050): the API's
 * shapes and the save rules, shared by the server and the browser.
 *
 * `match_log` is the spec's type. Beyond it, three dead-man types: `no_success` ('Flow sem
 * sucesso': the flow has not finished with success for `no_success_minutes`),
 * `queue_backlog` ('Fila acumulada': the queue's depth stays above `queue_depth_above` for
 * `queue_depth_minutes`) and `stuck_execution` ('Execução sem worker': executions queued for
 * more than `stuck_minutes` while no worker process is alive; docs/adr/0112). Every type
 * notifies by the same actions.
 */
const m = messages.alertRules;

export const alertRuleTypes = [
  'match_log',
  'no_success',
  'queue_backlog',
  'stuck_execution',
] as const;
export type AlertRuleType = (typeof alertRuleTypes)[number];

export const alertActions = ['email', 'webhook'] as const;
export type AlertAction = (typeof alertActions)[number];

/** Spec 2 §3: default post. */
export const webhookMethods = ['post', 'put', 'delete', 'patch', 'get'] as const;
export type WebhookMethod = (typeof webhookMethods)[number];

/** Spec 2 §3: default message. */
export const matchLogTypes = ['message', 'label', 'message_json'] as const;
export type MatchLogType = (typeof matchLogTypes)[number];

/** Spec 2 §9: 60, 300, 600, 1800, 3600 seconds; default 300. */
export const timewindowSchema = z
  .number()
  .int()
  .refine((value) => (limits.alertWindows as readonly number[]).includes(value), {
    error: 'Janela de captura inválida: use 60, 300, 600, 1800 ou 3600 segundos.',
  })
  .meta({ enum: [...limits.alertWindows] });

const minutesSchema = z.number().int().min(1).max(limits.alertMinutesMax);

/** A dotted path (`pedido.itens.0.status`): names or indexes separated by dots. */
export const jsonFieldPattern = /^[^.\s]+(\.[^.\s]+)*$/;

/** One address, or several separated by commas or semicolons, as the document of the API says. */
const emailAddress = '[^\\s@,;]+@[^\\s@,;]+\\.[^\\s@,;]+';
const emailListPattern = `^\\s*${emailAddress}\\s*([,;]\\s*${emailAddress}\\s*)*$`;
const whenType = (types: AlertRuleType[]) => ({
  required: ['type'],
  properties: { type: { enum: types } },
});

/** The rules of `alertRuleSaveIssues` the document of the API can say. */
const alertRuleRules = {
  allOf: [
    {
      if: { required: ['action'], properties: { action: { const: 'webhook' } } },
      then: {
        required: ['action_webhook_url'],
        properties: { action_webhook_url: { pattern: '^\\s*https?://[^\\s/]+' } },
      },
      else: {
        required: ['action_email_to'],
        properties: { action_email_to: { pattern: emailListPattern } },
      },
    },
    {
      if: whenType(['no_success']),
      then: {
        required: ['flow_id', 'no_success_minutes'],
        properties: { flow_id: { minLength: 1 }, no_success_minutes: { type: 'integer' } },
      },
    },
    {
      if: whenType(['queue_backlog']),
      then: {
        required: ['queue_id', 'queue_depth_above', 'queue_depth_minutes'],
        properties: {
          queue_id: { minLength: 1 },
          queue_depth_above: { type: 'integer' },
          queue_depth_minutes: { type: 'integer' },
        },
      },
    },
    {
      if: whenType(['stuck_execution']),
      then: { required: ['stuck_minutes'], properties: { stuck_minutes: { type: 'integer' } } },
    },
    {
      if: whenType(['no_success', 'queue_backlog', 'stuck_execution']),
      else: {
        required: ['match_log_content'],
        properties: { match_log_content: { minLength: 1 } },
      },
    },
    {
      if: {
        required: ['match_log_type'],
        properties: { match_log_type: { const: 'message_json' } },
      },
      then: {
        required: ['match_log_json_field'],
        properties: { match_log_json_field: { pattern: jsonFieldPattern.source } },
      },
    },
  ],
};

/** What the editor sends on create and update. Group is null when empty. */
export const alertRuleBodySchema = z
  .object({
    name: text().max(limits.alertRuleNameMax).default(m.defaultName).meta({ pattern: '\\S' }),
    group: text().max(200).nullish(),
    type: z.enum(alertRuleTypes).default('match_log'),
    enabled: z.boolean().default(true),
    action: z.enum(alertActions).default('email'),
    /** One address, or several separated by commas. */
    action_email_to: text().max(limits.alertEmailToMax).default(''),
    action_email_message: text().max(limits.alertEmailMessageMax).default(''),
    /** The smtp_account that sends; null sends through the instance SMTP (PONTE_SMTP_URL). */
    action_email_account_id: text().max(200).nullish(),
    action_webhook_method: z.enum(webhookMethods).default('post'),
    action_webhook_url: text().max(limits.alertWebhookUrlMax).default(''),
    match_log_type: z.enum(matchLogTypes).default('message'),
    match_log_json_field: text().max(limits.alertJsonFieldMax).default(''),
    /** Plain text (contains, ignoring case), or a regular expression written as `/…/flags`. */
    match_log_content: text().max(limits.alertMatchContentMax).default(''),
    /**
     * match_log and stuck_execution: null or empty means any flow. no_success: the flow watched
     * (required).
     */
    flow_id: text().max(200).nullish(),
    timewindow_seconds: timewindowSchema.default(limits.alertDefaultWindow),
    /** no_success: minutes without a successful end before the alert. */
    no_success_minutes: minutesSchema.nullish(),
    /** queue_backlog: the queue, the depth it must stay above, and for how many minutes. */
    queue_id: text().max(200).nullish(),
    queue_depth_above: z.number().int().min(0).max(1_000_000_000).nullish(),
    queue_depth_minutes: minutesSchema.nullish(),
    /** stuck_execution: minutes an execution stays queued with no worker before the alert. */
    stuck_minutes: minutesSchema.nullish(),
  })
  .meta(alertRuleRules);
export type AlertRuleBody = z.output<typeof alertRuleBodySchema>;
export type AlertRuleBodyInput = z.input<typeof alertRuleBodySchema>;

/** PUT /api/v1/alert-rules/{id}: the rule, the version it was based on, the message. */
export const alertRuleUpdateSchema = alertRuleBodySchema
  .extend(versionStampSchema.shape)
  .meta(alertRuleRules);
export type AlertRuleUpdate = z.output<typeof alertRuleUpdateSchema>;

export const alertRuleSchema = alertRuleBodySchema.extend({
  _id: z.string(),
  group: z.string().nullable(),
  action_email_account_id: z.string().nullable(),
  flow_id: z.string().nullable(),
  no_success_minutes: z.number().int().nullable(),
  queue_id: z.string().nullable(),
  queue_depth_above: z.number().int().nullable(),
  queue_depth_minutes: z.number().int().nullable(),
  stuck_minutes: z.number().int().nullable(),
  workspace_id: z.string(),
  /** The number of its current version (docs/adr/0103); its `ETag` too. */
  version: z.number().int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/**
 * GET /api/v1/alert-rules (spec 2 §7): page, perPage (10 unless told; list-all up to 1000),
 * filter (text searched in the name), group (a group id, or 'none').
 */
export const alertRuleListQuerySchema = z.object({
  page: pageNumberSchema,
  perPage: z.coerce
    .number()
    .int()
    .catch(limits.alertRulesPageSize)
    .transform((n) => Math.min(limits.alertRulesLookup, Math.max(1, n)))
    .default(limits.alertRulesPageSize),
  filter: text().trim().max(200).optional(),
  group: text().max(200).optional(),
});
export const alertRuleListSchema = listResponseSchema(alertRuleSchema);

/**
 * GET /api/v1/alert-rules/email-senders: whether this installation has its own SMTP server
 * (PONTE_SMTP_URL); without it 'Servidor SMTP da instância' is not offered.
 */
export const alertEmailSendersSchema = z.object({ instance_smtp: z.boolean() });
export type AlertEmailSenders = z.infer<typeof alertEmailSendersSchema>;
export type AlertRuleList = z.infer<typeof alertRuleListSchema>;

/** A matching log line as a notification carries it (the message cut at alertLineMessageMax). */
export const alertLineSchema = z.object({
  created_at: z.string(),
  flow_id: z.string(),
  execution_id: z.string(),
  type: z.string(),
  label: z.string(),
  message: z.string(),
});
export type AlertLine = z.infer<typeof alertLineSchema>;

/**
 * One notification of a rule (table `alert_firings`): a capture window of a match_log rule
 * (`match`), or an incident of a dead-man rule and its recovery. States: `open` (a window still
 * capturing), `due` (waiting to be sent), `sending` (claimed by a process), `sent`, `failed`
 * (every try failed).
 */
export const alertFiringKinds = ['match', 'incident', 'recovery'] as const;
export type AlertFiringKind = (typeof alertFiringKinds)[number];
export const alertFiringStates = ['open', 'due', 'sending', 'sent', 'failed'] as const;
export type AlertFiringState = (typeof alertFiringStates)[number];

export const alertFiringSchema = z.object({
  _id: z.string(),
  kind: z.enum(alertFiringKinds),
  state: z.enum(alertFiringStates),
  /** The first match (or the incident's start). */
  opened_at: z.string(),
  /** When the window closes (a dead-man firing: when it was raised). */
  closes_at: z.string(),
  count: z.number().int(),
  lines: z.array(alertLineSchema),
  /** A dead-man firing's text: what happened, in pt-BR. */
  summary: z.string().nullable(),
  attempts: z.number().int(),
  /** The webhook's HTTP status, or null (e-mail, or no answer). */
  result_status: z.number().int().nullable(),
  /** What the last try gave: 'Enviado', the SMTP answer, or the pt-BR error. */
  result_message: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type AlertFiring = z.infer<typeof alertFiringSchema>;
/** GET /api/v1/alert-rules/{id}/firings: the newest `limits.alertFiringsShown`. */
export const alertFiringListSchema = z.object({ items: z.array(alertFiringSchema) });

/** POST /api/v1/alert-rules/test: which of the newest logs the match configuration takes. */
export const alertRuleTestBodySchema = alertRuleBodySchema
  .pick({
    match_log_type: true,
    match_log_json_field: true,
    match_log_content: true,
    flow_id: true,
  })
  .meta({ allOf: alertRuleRules.allOf.slice(-2) });
export const alertRuleTestResultSchema = z.object({
  items: z.array(
    alertLineSchema.extend({ _id: z.string(), flow_name: z.string(), matched: z.boolean() }),
  ),
  matched: z.number().int(),
});
export type AlertRuleTestResult = z.infer<typeof alertRuleTestResultSchema>;

/**
 * A match content as written: `/source/flags` is a regular expression (flags among i, m, s,
 * u), anything else plain text. The source is checked by the server's RE2, not here.
 */
export type MatchPattern =
  { kind: 'text'; text: string } | { kind: 'regex'; source: string; flags: string };

export function parseMatchPattern(content: string): MatchPattern | { error: string } {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(content);
  if (!regex) return { kind: 'text', text: content };
  const flags = regex[2]!;
  const bad = [...flags].find((flag) => !'imsu'.includes(flag));
  if (bad) return { error: m.regexFlagInvalid(bad) };
  return { kind: 'regex', source: regex[1]!, flags: [...new Set(flags)].join('') };
}

function emailIssues(to: string): string[] {
  const addresses = to
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (!addresses.length) return [m.emailToRequired];
  const bad = addresses.find((address) => !isEmail(address));
  if (bad) return [m.emailToInvalid(bad)];
  if (addresses.length > limits.alertEmailRecipientsMax)
    return [m.emailToInvalid(addresses.at(-1)!)];
  return [];
}

function actionIssues(body: AlertRuleBody): string[] {
  if (body.action === 'email') return emailIssues(body.action_email_to);
  const url = body.action_webhook_url.trim();
  if (!url) return [m.webhookUrlRequired];
  const valid = isURL(url, {
    protocols: ['http', 'https'],
    require_protocol: true,
    require_tld: false,
    allow_underscores: true,
  });
  if (!valid) return [m.webhookUrlInvalid];
  return [];
}

function typeIssues(body: AlertRuleBody): string[] {
  const minutes = (value: number | null | undefined) =>
    value == null ? [m.minutesInvalid(limits.alertMinutesMax)] : [];
  if (body.type === 'no_success') {
    return [
      ...(body.flow_id ? [] : [m.noSuccessFlowRequired]),
      ...minutes(body.no_success_minutes),
    ];
  }
  if (body.type === 'queue_backlog') {
    return [
      ...(body.queue_id ? [] : [m.queueRequired]),
      ...(body.queue_depth_above == null ? [m.depthInvalid] : []),
      ...minutes(body.queue_depth_minutes),
    ];
  }
  if (body.type === 'stuck_execution') return minutes(body.stuck_minutes);
  const issues: string[] = [];
  if (body.match_log_type === 'message_json') {
    const field = body.match_log_json_field.trim();
    if (!field) issues.push(m.jsonFieldRequired);
    else if (!jsonFieldPattern.test(field)) issues.push(m.jsonFieldInvalid);
  }
  if (!body.match_log_content) issues.push(m.contentRequired);
  else {
    const pattern = parseMatchPattern(body.match_log_content);
    if ('error' in pattern) issues.push(pattern.error);
  }
  return issues;
}

/**
 * Spec 2 §5 'Alert rule': the fields it marks required, checked on the server (the browser
 * shows the server's message). The regular expression itself is compiled by the server (RE2).
 */
export function alertRuleSaveIssues(body: AlertRuleBody): string[] {
  return [
    ...(body.name.trim() ? [] : [m.nameRequired]),
    ...actionIssues(body),
    ...typeIssues(body),
  ];
}
