import type { InvitationAcceptBody, InvitationJoinBody } from '@ponte/shared/members.schema';
import { messages } from '@ponte/shared/messages';
import type { Role } from '@ponte/shared/roles';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthService } from '../auth/auth.service';
import { hashPassword } from '../auth/password-hasher';
import type { SessionTokens } from '../auth/sessions';
import { createUsersRepository } from '../users/users.repository';
import { createInvitationsRepository, tokenHashOf } from './invitations.repository';
import { createMembersRepository } from './members.repository';

const m = messages.members;
const hashOf = tokenHashOf;
const joinRoute = 'POST /account/v1/invitations/:token/join';

/**
 * Accepting an invitation (docs/adr/0106), by a new account or an existing one: the first to
 * accept before it expires joins with its role and is signed in, and the invitation is spent.
 */
/** Who joined a workspace through an invitation, and from where. */
export interface JoinedPerson {
  userId: string;
  workspaceId: string;
  name: string;
  role: Role;
  ip: string;
}

export function createInvitationAcceptance(deps: {
  db: Database;
  tokens: SessionTokens;
  now: () => Date;
  checkCredentials: AuthService['checkCredentials'];
  /** Told once a person joined (committed): the audit log records it (docs/adr/0107). */
  joined?: (person: JoinedPerson) => Promise<void>;
}) {
  const { db, tokens, now, checkCredentials } = deps;
  const told = async (person: JoinedPerson & { token: string }) => {
    await deps.joined?.(person);
    return { token: person.token };
  };
  return {
    /**
     * A new account of the workspace's customer, member with the invitation's role, signed in;
     * all in one transaction with spending the invitation, so a failure spends nothing.
     */
    async accept(
      token: string,
      body: InvitationAcceptBody,
      ip: string,
    ): Promise<{ token: string }> {
      const passwordHash = await hashPassword(body.password);
      try {
        const person = await db.transaction(async (tx) => {
          const at = now();
          const found = await createInvitationsRepository(tx).openByHash(hashOf(token), at);
          if (!found) throw notFound(m.invitationInvalid);
          const { invitation } = found;
          const user = await createUsersRepository(tx).createMember({
            customerId: found.customerId,
            workspaceId: invitation.workspaceId,
            name: body.name,
            email: body.email,
            passwordHash,
            role: invitation.role,
            groupIds: invitation.groupIds,
            now: at,
          });
          const spent = await createInvitationsRepository(tx).markAccepted(
            invitation.id,
            user._id,
            at,
          );
          if (!spent) throw notFound(m.invitationInvalid);
          return {
            token: await tokens.issue(user._id, invitation.workspaceId, tx),
            userId: user._id,
            workspaceId: invitation.workspaceId,
            name: body.name,
            role: invitation.role,
            ip,
          };
        });
        return await told(person);
      } catch (error) {
        if (uniqueViolation(error) === 'users_email_unique') {
          throw conflict('email', m.invitationEmailTaken);
        }
        throw error;
      }
    },

    /**
     * An existing account joins with the invitation's role and is signed in to the workspace:
     * its e-mail and password are checked as a sign-in is (the same throttle); the membership,
     * spending the invitation and the session are one transaction. An account already member
     * gets 400 and the invitation stays open.
     */
    async join(token: string, body: InvitationJoinBody, ip: string): Promise<{ token: string }> {
      const userId = await checkCredentials(body.email, body.password, ip, joinRoute);
      const person = await db.transaction(async (tx) => {
        const at = now();
        const found = await createInvitationsRepository(tx).openByHash(hashOf(token), at);
        if (!found) throw notFound(m.invitationInvalid);
        const { invitation } = found;
        // A workspace's people are of its customer (organisation): an account of another one
        // would carry that customer into this workspace's session.
        const account = await createUsersRepository(tx).findWithCustomer(userId);
        if (account?.customerId !== found.customerId)
          throw conflict('email', m.invitationOtherCustomer);
        const added = await createMembersRepository(tx).add(
          invitation.workspaceId,
          userId,
          invitation.role,
          at,
          invitation.groupIds,
        );
        if (!added) throw conflict('email', m.invitationAlreadyMember);
        const spent = await createInvitationsRepository(tx).markAccepted(invitation.id, userId, at);
        if (!spent) throw notFound(m.invitationInvalid);
        return {
          token: await tokens.issue(userId, invitation.workspaceId, tx),
          userId,
          workspaceId: invitation.workspaceId,
          name: account?.name ?? '',
          role: invitation.role,
          ip,
        };
      });
      return told(person);
    },
  };
}
