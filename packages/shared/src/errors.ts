import { z } from 'zod';

/** The one error body every route answers with (DESIGN.md §3a). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** The offending fields; an object for the few answers that say more (`details.flows`). */
  details: z
    .union([
      z.array(z.object({ field: z.string(), message: z.string() })),
      z.record(z.string(), z.unknown()),
    ])
    .optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Stable codes programs may rely on; the message is what a person reads. */
export const errorCodes = {
  validation: 'validation_error',
  unauthorized: 'unauthorized',
  invalidCredentials: 'invalid_credentials',
  tooManyAttempts: 'too_many_attempts',
  tooManyRequests: 'too_many_requests',
  searchTimeout: 'search_timeout',
  forbidden: 'forbidden',
  /**
   * The caller's role does not allow the action (403, docs/adr/0106): the session stays; the
   * interface shows the message instead of signing out as for any other 403.
   */
  roleDenied: 'role_denied',
  notFound: 'not_found',
  conflict: 'conflict',
  /**
   * 'Reexecutar' of an execution whose trigger message and node data were stored masked
   * (409, docs/adr/0122): it would run on the masked values.
   */
  personalDataMasked: 'personal_data_masked',
  /** A link that no longer takes calls: an 'Aguardar chamada' past its time (410). */
  expired: 'expired',
  payloadTooLarge: 'payload_too_large',
  /** The file given to import is not an export of the tool named (docs/adr/0138). */
  importFormat: 'import_format',
  /** The workspace's storage is full (507, ADR 0030). */
  quotaExceeded: 'quota_exceeded',
  setupDone: 'setup_done',
  invalidFlow: 'invalid_flow',
  deprecatedNodes: 'deprecated_nodes',
  nodeLimit: 'node_limit',
  rateLimited: 'rate_limited',
  flowChainLimit: 'flow_chain_limit',
  /** A waiting caller's execution found no free slot in time: 503 with Retry-After, not run. */
  flowBusy: 'flow_busy',
  /**
   * A webhook's flow failed on a `{{ … }}` that cannot be read: 502, the flow is broken, not
   * the call (docs/adr/0081).
   */
  invalidExpression: 'invalid_expression',
  oauthStateInvalid: 'oauth_state_invalid',
  oauthRefused: 'oauth_refused',
  /** A connector's picker could not list its options (the service refused, the account…). */
  lookupFailed: 'lookup_failed',
  /** A service trigger's address could not be registered at its service: the save is refused. */
  hookRegistrationFailed: 'hook_registration_failed',
  providerNotConfigured: 'provider_not_configured',
  reauthorizationRequired: 'reauthorization_required',
  serviceAccountInUse: 'service_account_in_use',
  /** A table structure save that would delete stored values and does not confirm it (409). */
  fieldHasValues: 'field_has_values',
  /** A form's PIN was wrong (401) or missing for a locked form. */
  formPin: 'form_pin',
  /** A submission refused field by field: `details` names each field's code. */
  formInvalid: 'form_invalid',
  /** A published form no enabled flow receives. */
  formNoConsumer: 'form_no_consumer',
  /** The database did not answer (down, restarting): 503 with Retry-After. */
  databaseUnavailable: 'database_unavailable',
  /** Redis did not answer, or refuses writes (REDIS_URL): 503 with Retry-After. */
  redisUnavailable: 'redis_unavailable',
  /** An agent's approval already decided, or whose execution no longer waits (409). */
  approvalDecided: 'approval_decided',
  /** A save based on a version that is no longer the current one (409, docs/adr/0103). */
  versionConflict: 'version_conflict',
  /** Password sign-in is disabled: single sign-on only, but for the instance's owner (403). */
  passwordSignInDisabled: 'password_sign_in_disabled',
  /** An invitation's e-mail was refused by the instance SMTP (502): the invitation is removed. */
  invitationEmailFailed: 'invitation_email_failed',
  /** A titular's erasure whose confirmed counts no longer match a new search (409). */
  titularChanged: 'titular_changed',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
