import { randomBytes, randomUUID } from 'node:crypto';
import type {
  InvitationBody,
  InvitationCreated,
  InvitationList,
  InvitationPreview,
} from '@ponte/shared/members.schema';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { assignableRoles } from '@ponte/shared/roles';
import type { Database } from '../../db/client';
import type { InstanceMail } from '../../adapters/mail/instance-smtp';
import { AppError, invalidField, notFound, roleDenied } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import type { SessionTokens } from '../auth/sessions';
import { createUsersRepository } from '../users/users.repository';
import type { AuthService } from '../auth/auth.service';
import { checkedGroups } from './member-groups';
import { composeInvitationEmail, type InvitationEmailFacts } from './invitation-email';
import { createInvitationAcceptance, type JoinedPerson } from './invitation-acceptance';
import {
  createInvitationsRepository,
  tokenHashOf as hashOf,
  type InvitationRow,
} from './invitations.repository';

const m = messages.members;
const dayMs = 86_400_000;

const toInvitation = (row: InvitationRow, creatorName: string | null) => ({
  _id: row.id,
  role: row.role,
  created_by: row.createdBy ? { _id: row.createdBy, name: creatorName ?? '' } : null,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  email: row.email,
  groups: row.groupIds,
});

/**
 * Sends the invitation's e-mail; if the server refuses it, the invitation is withdrawn and the
 * answer (502) says why, so no link is left open that nobody received.
 */
async function sendOrWithdraw(
  sendMail: (mail: InstanceMail) => Promise<void>,
  facts: Pick<InvitationEmailFacts, 'to' | 'inviter' | 'workspace' | 'link'>,
  row: InvitationRow,
  withdraw: () => Promise<unknown>,
): Promise<void> {
  try {
    await sendMail(composeInvitationEmail({ ...facts, role: row.role, expiresAt: row.expiresAt }));
  } catch (error) {
    await withdraw();
    const reason = error instanceof Error ? error.message : '';
    throw new AppError(502, errorCodes.invitationEmailFailed, m.invitationEmailFailed(reason));
  }
}

/**
 * Invitations by link (docs/adr/0106): a random token in the link, only its sha256 kept; the
 * first person to accept it before it expires joins with its role, and it is spent.
 */
export function createInvitationsService(deps: {
  db: Database;
  tokens: SessionTokens;
  now: () => Date;
  /** Sends through the instance SMTP; null when PONTE_SMTP_URL is not set. */
  sendMail: ((mail: InstanceMail) => Promise<void>) | null;
  /** The sign-in's check of an e-mail and password (its throttle and security log). */
  checkCredentials: AuthService['checkCredentials'];
  /** Told once a person joined through an invitation (the audit log). */
  joined?: (person: JoinedPerson) => Promise<void>;
}) {
  const { db, tokens, now, sendMail, checkCredentials, joined } = deps;
  const repository = createInvitationsRepository(db);

  return {
    async list(session: AuthContext): Promise<InvitationList> {
      const rows = await repository.pending(session.workspaceId, now());
      return {
        items: rows.map((row) => toInvitation(row.invitation, row.creatorName)),
        by_email: sendMail !== null,
      };
    },

    /**
     * Only an owner invites an owner. `linkBase`: the address of the web app. With an `email`,
     * the link is also sent there through the instance SMTP; if that fails, the invitation is
     * removed and the answer says why (502), so no link goes around that nobody received.
     */
    async create(
      session: AuthContext,
      body: InvitationBody,
      linkBase: string,
    ): Promise<InvitationCreated> {
      if (!assignableRoles(session.role).includes(body.role)) throw roleDenied(m.ownerGivesOwner);
      if (body.email && !sendMail) throw invalidField('email', m.invitationEmailNeedsSmtp);
      const groupIds = await checkedGroups(db, session.workspaceId, body.role, body.groups);
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
        email: body.email ?? null,
        groupIds,
      };
      await repository.insert(row);
      const creator = await createUsersRepository(db).nameOf(session.userId);
      const link = `${linkBase}/convite/${token}`;
      if (body.email && sendMail) {
        const workspace = await repository.workspaceName(session.workspaceId);
        const mail = { to: body.email, inviter: creator, workspace, link };
        await sendOrWithdraw(sendMail, mail, row, () =>
          repository.remove(session.workspaceId, row.id),
        );
      }
      return { ...toInvitation(row, creator), link };
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

    ...createInvitationAcceptance({ db, tokens, now, checkCredentials, joined }),
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
