import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { messages } from '@ponte/shared/messages';
import type {
  SsoProvider,
  SsoProviderBody,
  SsoProviderList,
  SsoSettingsBody,
} from '@ponte/shared/sso.schema';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/unique-violation';
import { conflict, invalidField, notFound } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { NetworkGuard } from '../../adapters/outbound-http/network-guard';
import type { AuthContext } from '../../plugins/auth';
import { createSsoRepository, type SsoProviderRow } from './sso.repository';

const m = messages.sso;

/** The return address registered at the provider. */
export const callbackPath = (slug: string) => `/account/v1/sso/${slug}/callback`;

/**
 * An issuer is `https://`; `http://` only for an internal provider written as an IP address
 * that the network guard lets through (an operator listed its network in
 * PONTE_HTTP_ALLOWED_NETWORKS). Null when accepted, else the refusal.
 */
export function issuerRefusal(issuer: string, guard: NetworkGuard): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return m.issuerInvalid;
  }
  if (url.search || url.hash || url.username || url.password) return m.issuerInvalid;
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return m.issuerInvalid;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!isIP(host) || ipaddr.parse(host).range() === 'unicast') return m.issuerInsecure;
  try {
    guard.check(host);
    return null;
  } catch {
    return m.issuerInsecure;
  }
}

/** A provider as the screen reads it: `has_secret`, never the secret. */
const present = (row: SsoProviderRow, base: string): SsoProvider => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  issuer: row.issuer,
  client_id: row.clientId,
  has_secret: row.clientSecret !== '',
  scopes: row.scopes,
  email_claim: row.emailClaim,
  trust_email: row.trustEmail,
  role_claim: row.roleClaim,
  role_map: row.roleMap,
  allowed_domains: row.allowedDomains,
  workspace_id: row.workspaceId,
  default_role: row.defaultRole,
  enabled: row.enabled,
  redirect_uri: `${base}${callbackPath(row.slug)}`,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export interface SsoProvidersDeps {
  db: Database;
  box: SecretBox;
  guard: NetworkGuard;
  now: () => Date;
}

/** The instance's providers as the owner configures them (docs/adr/0108), and the policy. */
export function createSsoProvidersService(deps: SsoProvidersDeps) {
  const { db, box, guard, now } = deps;
  const repository = createSsoRepository(db);

  /** The columns of a body, checked: issuer, workspace (one of the caller's). */
  async function columnsOf(session: AuthContext, body: SsoProviderBody) {
    const refusal = issuerRefusal(body.issuer, guard);
    if (refusal) throw invalidField('issuer', refusal);
    const workspaceId = body.workspace_id ?? session.workspaceId;
    if (!(await repository.isMember(session.userId, workspaceId)))
      throw notFound(m.workspaceInvalid);
    return {
      name: body.name,
      slug: body.slug,
      issuer: body.issuer.replace(/\/+$/, ''),
      clientId: body.client_id,
      scopes: body.scopes,
      emailClaim: body.email_claim,
      trustEmail: body.trust_email,
      roleClaim: body.role_claim,
      roleMap: body.role_map,
      allowedDomains: [...new Set(body.allowed_domains.map((domain) => domain.toLowerCase()))],
      workspaceId,
      defaultRole: body.default_role,
      enabled: body.enabled,
    };
  }

  const slugTaken = (error: unknown) =>
    uniqueViolation(error) === 'sso_providers_slug_unique' ? conflict('slug', m.slugTaken) : error;

  return {
    async list(base: string): Promise<SsoProviderList> {
      const rows = await repository.list();
      return {
        items: rows.map((row) => present(row, base)),
        password_sign_in_disabled: await repository.passwordSignInDisabled(),
      };
    },

    async create(session: AuthContext, body: SsoProviderBody, base: string) {
      if (!body.client_secret) throw invalidField('client_secret', m.clientSecretRequired);
      const at = now();
      try {
        const row = await repository.insert({
          id: randomUUID(),
          ...(await columnsOf(session, body)),
          clientSecret: box.encrypt(body.client_secret),
          createdAt: at,
          updatedAt: at,
        });
        return present(row, base);
      } catch (error) {
        throw slugTaken(error);
      }
    },

    async update(session: AuthContext, id: string, body: SsoProviderBody, base: string) {
      if (!(await repository.byId(id))) throw notFound(m.notFound);
      try {
        const row = await repository.update(id, {
          ...(await columnsOf(session, body)),
          ...(body.client_secret ? { clientSecret: box.encrypt(body.client_secret) } : {}),
          updatedAt: now(),
        });
        if (!row) throw notFound(m.notFound);
        return present(row, base);
      } catch (error) {
        throw slugTaken(error);
      }
    },

    async remove(id: string): Promise<void> {
      if (!(await repository.remove(id))) throw notFound(m.notFound);
    },

    async setSettings(body: SsoSettingsBody): Promise<SsoSettingsBody> {
      await repository.setPasswordSignInDisabled(body.password_sign_in_disabled, now());
      return body;
    },

    /**
     * Whether a password sign-in is allowed to this person: always while no enabled provider
     * exists or the setting is off; always to the instance's owner (the way back in when the
     * provider fails).
     */
    async passwordSignInAllowed(person: { isOwner: boolean }): Promise<boolean> {
      if (person.isOwner) return true;
      return !(await this.passwordSignInRefused());
    },

    /** Password sign-in is off for everyone but the instance's owner. */
    async passwordSignInRefused(): Promise<boolean> {
      return (await repository.passwordSignInDisabled()) && (await repository.enabledCount()) > 0;
    },
  };
}

export type SsoProvidersService = ReturnType<typeof createSsoProvidersService>;
