import type { Role } from '@ponte/shared/roles';
import type { Database } from '../../db/client';
import { customerOf } from '../../lib/named-resource/named-table';
import { createUsersRepository } from '../users/users.repository';
import { SsoFailure } from './sso-failure';
import { createSsoRepository, type SsoProviderRow } from './sso.repository';

/** What no password ever matches: the account of a person who came by SSO has no password. */
export const noPassword = 'sso';

const claimText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The first value of the role claim (text or list of texts) the provider maps; never owner. */
function mappedRole(value: unknown, map: Record<string, Role>): Role | null {
  const values = Array.isArray(value) ? value : [value];
  for (const each of values) {
    const role = typeof each === 'string' ? map[each] : undefined;
    if (role && role !== 'owner') return role;
  }
  return null;
}

/**
 * Who signs in (docs/adr/0108): the e-mail of the configured claim, verified unless the
 * provider is trusted; a member of the provider's workspace signs in; someone new of an allowed
 * domain gets an account with no password and a membership; anyone else is refused.
 */
export function createSsoPeople(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  const repository = createSsoRepository(db);

  /** The account of someone who arrives for the first time: no password, member with `role`. */
  async function createPerson(
    provider: SsoProviderRow,
    email: string,
    claims: Record<string, unknown>,
    role: Role,
  ): Promise<string> {
    const customerId = await customerOf(db, provider.workspaceId);
    if (!customerId) throw new SsoFailure('provedor', 'O workspace do provedor não existe mais.');
    const given = [claimText(claims.given_name), claimText(claims.family_name)].filter(Boolean);
    const name = claimText(claims.name) ?? (given.join(' ') || email.split('@')[0]!);
    const created = await db.transaction((tx) =>
      createUsersRepository(tx).createMember({
        customerId,
        workspaceId: provider.workspaceId,
        name: name.slice(0, 120),
        email,
        passwordHash: noPassword,
        role,
        now: now(),
      }),
    );
    return created._id;
  }

  return {
    /** The user id of the person the claims name, or an SsoFailure. */
    async personOf(provider: SsoProviderRow, claims: Record<string, unknown>): Promise<string> {
      const email = claimText(claims[provider.emailClaim])?.toLowerCase() ?? null;
      if (!email || !/^[^@\s]+@[^@\s]+$/.test(email))
        throw new SsoFailure(
          'email',
          `O provedor não informou um e-mail na claim "${provider.emailClaim}".`,
        );
      if (!provider.trustEmail && claims.email_verified !== true)
        throw new SsoFailure('email', `O e-mail ${email} não está verificado no provedor.`);
      const person = await repository.findPerson(email, provider.workspaceId);
      if (person) {
        if (person.role) return person.id;
        throw new SsoFailure(
          'conta',
          `${email} tem conta, mas não participa do workspace do provedor.`,
          person.id,
        );
      }
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (!provider.allowedDomains.includes(domain))
        throw new SsoFailure('dominio', `O domínio de ${email} não está entre os permitidos.`);
      const role =
        (provider.roleClaim ? mappedRole(claims[provider.roleClaim], provider.roleMap) : null) ??
        provider.defaultRole;
      return createPerson(provider, email, claims, role);
    },
  };
}
