import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  InvitationAcceptBody,
  InvitationBody,
  InvitationCreated,
  InvitationList,
  InvitationPreview,
} from '@ponte/shared/members.schema';
import { messages } from '@ponte/shared/messages';
import { assignableRoles } from '@ponte/shared/roles';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/unique-violation';
import { conflict, notFound, roleDenied } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import { hashPassword } from '../auth/password-hasher';
import type { SessionTokens } from '../auth/sessions';
import { createUsersRepository } from '../users/users.repository';
import { createInvitationsRepository, type InvitationRow } from './invitations.repository';

const m = messages.members;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const dayMs = 86_400_000;

const toInvitation = (row: InvitationRow, creatorName: string | null) => ({
  _id: row.id,
  role: row.role,
  created_by: row.createdBy ? { _id: row.createdBy, name: creatorName ?? '' } : null,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
});

/**
 * Invitations by link (docs/adr/0106): a random token in the link, only its sha256 kept; the
 * first person to accept it before it expires joins with its role, and it is spent.
 */
export function createInvitationsService(deps: {
  db: Database;
  tokens: SessionTokens;
  now: () => Date;
}) {
  const { db, tokens, now } = deps;
  const repository = createInvitationsRepository(db);

  return {
    async list(session: AuthContext): Promise<InvitationList> {
      const rows = await repository.pending(session.workspaceId, now());
      return { items: rows.map((row) => toInvitation(row.invitation, row.creatorName)) };
    },

    /** Only an owner invites an owner. `linkBase`: the address of the web app. */
    async create(
      session: AuthContext,
      body: InvitationBody,
      linkBase: string,
    ): Promise<InvitationCreated> {
      if (!assignableRoles(session.role).includes(body.role)) throw roleDenied(m.ownerGivesOwner);
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const row: InvitationRow = {
        id: randomUUID(),
        workspaceId: session.workspaceId,
        tokenHash: hashOf(token),
        role: body.role,
        createdBy: session.userId || null,
        createdAt: at,
        expiresAt: new Date(at.getTime() + (body.expires_in_days ?? 7) * dayMs),
        acceptedAt: null,
        acceptedBy: null,
      };
      await repository.insert(row);
      const creator = await createUsersRepository(db).nameOf(session.userId);
      return { ...toInvitation(row, creator), link: `${linkBase}/convite/${token}` };
    },

    async revoke(session: AuthContext, id: string): Promise<void> {
      if (!(await repository.remove(session.workspaceId, id))) throw notFound(m.invitationNotFound);
    },

    /** What the link's page shows; 404 once it is spent, expired or revoked. */
    async preview(token: string): Promise<InvitationPreview> {
      const found = await repository.openByHash(hashOf(token), now());
      if (!found) throw notFound(m.invitationInvalid);
      return {
        workspace_name: found.workspaceName,
        role: found.invitation.role,
        invited_by: found.creatorName,
        expires_at: found.invitation.expiresAt.toISOString(),
      };
    },

    /**
     * A new account of the workspace's customer, member with the invitation's role, signed in;
     * all in one transaction with spending the invitation, so a failure spends nothing.
     */
    async accept(token: string, body: InvitationAcceptBody): Promise<{ token: string }> {
      const passwordHash = await hashPassword(body.password);
      try {
        return await db.transaction(async (tx) => {
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
            now: at,
          });
          const spent = await createInvitationsRepository(tx).markAccepted(
            invitation.id,
            user._id,
            at,
          );
          if (!spent) throw notFound(m.invitationInvalid);
          return { token: await tokens.issue(user._id, invitation.workspaceId, tx) };
        });
      } catch (error) {
        if (uniqueViolation(error) === 'users_email_unique') {
          throw conflict('email', m.invitationEmailTaken);
        }
        throw error;
      }
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
