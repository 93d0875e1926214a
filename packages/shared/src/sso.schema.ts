import { z } from 'zod';
import { messages } from './messages';
import { roles, type Role } from './roles';
import { text } from './text';

const m = messages.sso;

/** The roles a provider may give: every one but 'Proprietário' (docs/adr/0108). */
export const ssoRoles = roles.filter((role) => role !== 'owner') as Exclude<Role, 'owner'>[];
const ssoRoleSchema = z.enum(ssoRoles as [Exclude<Role, 'owner'>, ...Exclude<Role, 'owner'>[]], {
  error: m.defaultRoleInvalid,
});

export const ssoSlugPattern = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
/** A domain as e-mails end: `empresa.com.br` (lower case, at least one dot). */
export const emailDomainPattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const claimPattern = /^\S{1,100}$/;

/** A provider as the documentation shows it (Google's issuer). */
const ssoProviderExample = {
  name: 'Google Workspace',
  slug: 'google',
  issuer: 'https://accounts.google.com',
  client_id: '1234567890-abc.apps.googleusercontent.com',
  scopes: 'openid email profile',
  email_claim: 'email',
  trust_email: false,
  role_claim: null,
  role_map: {},
  allowed_domains: ['empresa.com.br'],
  default_role: 'editor',
  enabled: true,
};

const claimSchema = z
  .string({ error: m.claimInvalid })
  .regex(claimPattern, { error: m.claimInvalid });

/** PUT /api/v1/sso/providers/{id}: an absent or empty secret keeps the stored one. */
export const ssoProviderBodySchema = z
  .object({
    name: text({ error: m.nameRequired })
      .trim()
      .min(1, { error: m.nameRequired })
      .max(60, { error: m.nameTooLong }),
    slug: z.string({ error: m.slugInvalid }).regex(ssoSlugPattern, { error: m.slugInvalid }),
    issuer: z
      .string({ error: m.issuerInvalid })
      .max(500, { error: m.issuerInvalid })
      .regex(/^https?:\/\/\S+$/, { error: m.issuerInvalid }),
    client_id: text({ error: m.clientIdRequired })
      .trim()
      .min(1, { error: m.clientIdRequired })
      .max(500, { error: m.clientIdRequired }),
    /** Required to create; on a change, absent or empty keeps the stored one. */
    client_secret: text({ error: m.clientSecretRequired })
      .max(2000, { error: m.clientSecretRequired })
      .optional(),
    scopes: z
      .string({ error: m.scopesInvalid })
      .max(500, { error: m.scopesInvalid })
      .regex(/^(?:\S+ )*\S+$/, { error: m.scopesInvalid })
      // OpenID Connect needs `openid`: added first when it is missing.
      .transform((value) => (value.split(' ').includes('openid') ? value : `openid ${value}`))
      .default('openid email profile'),
    email_claim: claimSchema.default('email'),
    /** Accept an e-mail the provider does not mark `email_verified: true`. */
    trust_email: z.boolean().default(false),
    role_claim: claimSchema.nullable().default(null),
    /** Values of the role claim and the role each gives (never 'Proprietário'). */
    role_map: z.record(z.string().max(200), ssoRoleSchema, { error: m.roleMapInvalid }).default({}),
    /** Domains whose people join on their first sign-in; empty: only existing members. */
    allowed_domains: z
      .array(
        z
          .string({ error: m.domainInvalid })
          .trim()
          .toLowerCase()
          .regex(emailDomainPattern, { error: m.domainInvalid }),
        { error: m.domainInvalid },
      )
      .max(50, { error: m.domainInvalid })
      .default([]),
    /** The workspace new people join (default: the caller's current one). */
    workspace_id: z.string({ error: m.workspaceInvalid }).min(1).max(100).optional(),
    default_role: ssoRoleSchema.default('editor'),
    enabled: z.boolean().default(true),
  })
  .meta({ examples: [ssoProviderExample] });
export type SsoProviderBody = z.infer<typeof ssoProviderBodySchema>;

/** POST /api/v1/sso/providers: the secret is required. */
export const ssoProviderCreateBodySchema = ssoProviderBodySchema
  .extend({
    client_secret: text({ error: m.clientSecretRequired })
      .min(1, { error: m.clientSecretRequired })
      .max(2000, { error: m.clientSecretRequired }),
  })
  .meta({ examples: [{ ...ssoProviderExample, client_secret: 'segredo-do-cliente' }] });
export type SsoProviderInput = z.input<typeof ssoProviderBodySchema>;

/** A provider as the settings screen reads it: never its secret. */
export const ssoProviderSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  scopes: z.string(),
  email_claim: z.string(),
  trust_email: z.boolean(),
  role_claim: z.string().nullable(),
  role_map: z.record(z.string(), z.enum(roles)),
  allowed_domains: z.array(z.string()),
  workspace_id: z.string(),
  default_role: z.enum(roles),
  enabled: z.boolean(),
  /** The address to register at the provider as the redirect URI. */
  redirect_uri: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

/** GET /api/v1/sso/providers */
export const ssoProviderListSchema = z.object({
  items: z.array(ssoProviderSchema),
  password_sign_in_disabled: z.boolean(),
});
export type SsoProviderList = z.infer<typeof ssoProviderListSchema>;

/** PUT /api/v1/sso/settings */
export const ssoSettingsBodySchema = z
  .object({ password_sign_in_disabled: z.boolean() })
  .meta({ examples: [{ password_sign_in_disabled: true }] });
export type SsoSettingsBody = z.infer<typeof ssoSettingsBodySchema>;
export const ssoSettingsSchema = ssoSettingsBodySchema;

/** GET /account/v1/sso/providers: what the sign-in page offers. */
export const ssoSignInOptionsSchema = z.object({
  providers: z.array(z.object({ slug: z.string(), name: z.string() })),
  /** False when password sign-in is disabled (the instance's owner still has it). */
  password_sign_in: z.boolean(),
});
export type SsoSignInOptions = z.infer<typeof ssoSignInOptionsSchema>;
