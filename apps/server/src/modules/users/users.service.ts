import { assignableRoles, type Role } from '@ponte/shared/roles';
import { messages } from '@ponte/shared/messages';
import { limits } from '@ponte/shared/limits';
import type { Me, User } from '@ponte/shared/account.schema';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/unique-violation';
import { conflict, invalidField, roleDenied, unauthorized } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import { createAuthRepository } from '../auth/auth.repository';
import { hashPassword, verifyPassword } from '../auth/password-hasher';
import type { SessionTokens } from '../auth/sessions';
import { createUsersRepository } from './users.repository';
import { checkedGroups } from '../members/member-groups';

export interface UsersServiceDeps {
  db: Database;
  tokens: SessionTokens;
  now: () => Date;
  /** Installation-wide Action/Trigger limit (PONTE_NODE_LIMIT), over the customer's own. */
  nodeLimit?: number | null;
}

export function createUsersService({ db, tokens, now, nodeLimit }: UsersServiceDeps) {
  const repository = createUsersRepository(db);

  async function me(session: AuthContext): Promise<Me> {
    const row = await repository.findWithCustomer(session.userId);
    if (!row) throw unauthorized();
    return {
      _id: row.id,
      email: row.email,
      name: row.name,
      is_owner: row.isOwner,
      customer: {
        _id: row.customerId,
        name: row.customerName,
        config: {
          node_limit: nodeLimit ?? row.customerConfig?.node_limit ?? limits.defaultNodeLimit,
        },
      },
    };
  }

  return {
    me,
    /** A user's name (who saved a version); null when there is none. */
    nameOf: (userId: string) => repository.nameOf(userId),

    async updateProfile(session: AuthContext, name: string): Promise<Me> {
      await repository.updateName(session.userId, name, now());
      return me(session);
    },

    /** Every session of the user ends (sockets too); the caller gets a fresh token. */
    async changePassword(
      session: AuthContext,
      body: { current_password: string; new_password: string },
    ): Promise<string> {
      const stored = await repository.passwordHashOf(session.userId);
      if (!stored) throw unauthorized();
      if (!(await verifyPassword(body.current_password, stored))) {
        throw invalidField('current_password', messages.account.currentPasswordWrong);
      }
      const passwordHash = await hashPassword(body.new_password);
      const { token, ended } = await db.transaction(async (tx) => {
        await createUsersRepository(tx).updatePassword(session.userId, passwordHash, now());
        const ended = await tokens.revokeUser(session.userId, tx);
        return { token: await tokens.issue(session.userId, session.workspaceId, tx), ended };
      });
      tokens.revoked(ended);
      return token;
    },

    /** The operator's reset (`ponte user reset-password`): false when no user has the e-mail. */
    async resetPassword(email: string, password: string): Promise<boolean> {
      const user = await createAuthRepository(db).findUserByEmail(email);
      if (!user) return false;
      const passwordHash = await hashPassword(password);
      // Every session of the user ends, in every process (they read the sessions table).
      const ended = await db.transaction(async (tx) => {
        await createUsersRepository(tx).updatePassword(user.id, passwordHash, now());
        return tokens.revokeUser(user.id, tx);
      });
      tokens.revoked(ended);
      return true;
    },

    /**
     * A user of the same customer, member of the current workspace with `role` (default
     * 'Editor') and, when told, limited to some groups (docs/adr/0109); the route needs
     * 'members.manage', and only an owner gives 'Proprietário'.
     */
    async addUser(
      session: AuthContext,
      body: {
        name: string;
        email: string;
        password: string;
        role?: Role;
        groups?: readonly string[] | null;
      },
    ): Promise<User> {
      const role = body.role ?? 'editor';
      if (!assignableRoles(session.role).includes(role)) {
        throw roleDenied(messages.members.ownerGivesOwner);
      }
      const passwordHash = await hashPassword(body.password);
      try {
        return await db.transaction(async (tx) =>
          createUsersRepository(tx).createMember({
            customerId: session.customerId,
            workspaceId: session.workspaceId,
            name: body.name,
            email: body.email,
            passwordHash,
            role,
            groupIds: await checkedGroups(tx, session.workspaceId, role, body.groups),
            now: now(),
          }),
        );
      } catch (error) {
        if (uniqueViolation(error) === 'users_email_unique') {
          throw conflict('email', messages.account.emailTaken);
        }
        throw error;
      }
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
