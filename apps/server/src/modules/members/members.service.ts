import type { Member, MemberList } from '@ponte/shared/members.schema';
import { messages } from '@ponte/shared/messages';
import { assignableRoles, can, type Role } from '@ponte/shared/roles';
import type { Database } from '../../db/client';
import { conflict, notFound, roleDenied } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import type { SessionTokens } from '../auth/sessions';
import { checkedGroups } from './member-groups';
import {
  createMembersRepository,
  type MemberRow,
  type MembersRepository,
} from './members.repository';

const m = messages.members;

/** Whether the member reaches fewer groups than before (a limit set, or a group taken away). */
const narrows = (before: string[] | null, after: string[] | null) =>
  after !== null && (before === null || before.some((group) => !after.includes(group)));

export interface MembersServiceDeps {
  db: Database;
  tokens: SessionTokens;
}

/**
 * The members of the session's workspace and their roles (docs/adr/0106). The routes need
 * 'members.read' or 'members.manage'; here: only an owner gives or takes 'Proprietário', and
 * the last owner stays.
 */
export function createMembersService({ db, tokens }: MembersServiceDeps) {
  const toMember = (session: AuthContext, row: MemberRow): Member => ({
    _id: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    groups: row.groupIds,
    joined_at: row.createdAt.toISOString(),
    is_you: row.userId === session.userId,
  });

  /** The member, locked, once the caller may touch their role; the owners locked before. */
  async function lockedMember(
    repository: MembersRepository,
    session: AuthContext,
    userId: string,
    leavesOwnerRole: (row: MemberRow) => boolean,
  ): Promise<MemberRow> {
    const owners = await repository.lockOwners(session.workspaceId);
    const row = await repository.findForUpdate(session.workspaceId, userId);
    if (!row) throw notFound(m.notFound);
    if (!assignableRoles(session.role).includes(row.role)) throw roleDenied(m.ownerGivesOwner);
    if (leavesOwnerRole(row) && owners <= 1) throw conflict('role', m.lastOwner);
    return row;
  }

  return {
    async list(session: AuthContext): Promise<MemberList> {
      const rows = await createMembersRepository(db).list(session.workspaceId);
      return { items: rows.map((row) => toMember(session, row)) };
    },

    /**
     * The role and, when told, the groups the member is limited to (docs/adr/0109). Takes effect
     * on the member's next request: both are read with every session check.
     */
    async setRole(
      session: AuthContext,
      userId: string,
      role: Role,
      groups?: readonly string[] | null,
    ): Promise<Member> {
      if (!assignableRoles(session.role).includes(role)) throw roleDenied(m.ownerGivesOwner);
      const { member, ended } = await db.transaction(async (tx) => {
        const repository = createMembersRepository(tx);
        const row = await lockedMember(
          repository,
          session,
          userId,
          (found) => found.role === 'owner' && role !== 'owner',
        );
        const groupIds = await checkedGroups(tx, session.workspaceId, role, groups, row.groupIds);
        await repository.setRole(session.workspaceId, userId, role, groupIds);
        // Narrowed groups end the member's sessions here: a live page already open would
        // otherwise keep the rooms it joined (docs/adr/0109); so does losing the real values
        // of personal data (a debugger room showing them, docs/adr/0122).
        const losesPersonalData =
          can(row.role, 'personalData.read') && !can(role, 'personalData.read');
        const ended =
          narrows(row.groupIds, groupIds) || losesPersonalData
            ? await tokens.revokeUser(userId, tx, session.workspaceId)
            : [];
        return { member: toMember(session, { ...row, role, groupIds }), ended };
      });
      tokens.revoked(ended);
      return member;
    },

    /** The membership ends and so do the person's sessions in this workspace, at once. */
    async remove(session: AuthContext, userId: string): Promise<void> {
      const ended = await db.transaction(async (tx) => {
        const repository = createMembersRepository(tx);
        await lockedMember(repository, session, userId, (found) => found.role === 'owner');
        await repository.remove(session.workspaceId, userId);
        return tokens.revokeUser(userId, tx, session.workspaceId);
      });
      tokens.revoked(ended);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
