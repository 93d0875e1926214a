import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Role } from '@ponte/shared/roles';
import { timestamps } from './schema-columns';
import { workspaces } from './schema-workspaces';

/**
 * The instance's OpenID Connect providers (docs/adr/0108). `client_secret` is a secret-box blob
 * (AES-256-GCM, PONTE_ENCRYPTION_KEY), never answered. People who sign in for the first time
 * join `workspace_id` with `default_role` (or the role their role claim maps to), never as owner.
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: text('id').primaryKey(),
    /** In the sign-in and return addresses: `/account/v1/sso/{slug}/…`. */
    slug: text('slug').notNull(),
    /** On the button: 'Entrar com {name}'. */
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    scopes: text('scopes').notNull().default('openid email profile'),
    emailClaim: text('email_claim').notNull().default('email'),
    /** Accept the e-mail without `email_verified: true` (a provider that never sends it). */
    trustEmail: boolean('trust_email').notNull().default(false),
    roleClaim: text('role_claim'),
    roleMap: jsonb('role_map').$type<Record<string, Role>>().notNull().default({}),
    allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default([]),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    defaultRole: text('default_role').$type<Role>().notNull().default('editor'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sso_providers_slug_unique').on(t.slug),
    check(
      'sso_providers_default_role_known',
      sql`${t.defaultRole} in ('admin', 'editor', 'operator', 'viewer')`,
    ),
  ],
);

/** The instance's sign-in settings: one row, `id` 'instance'. */
export const ssoSettings = pgTable('sso_settings', {
  id: text('id').primaryKey(),
  /** Password sign-in refused (but to the instance's owner) while an enabled provider exists. */
  passwordSignInDisabled: boolean('password_sign_in_disabled').notNull().default(false),
  updatedAt: timestamps.updatedAt,
});

/**
 * An SSO sign-in under way: its `state`, the `nonce` and the PKCE verifier, for 10 minutes and
 * one use (the return deletes the row).
 */
export const ssoStates = pgTable(
  'sso_states',
  {
    state: text('state').primaryKey(),
    providerId: text('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('sso_states_expires_idx').on(t.expiresAt)],
);
