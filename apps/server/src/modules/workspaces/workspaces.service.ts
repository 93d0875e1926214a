import { messages } from '@ponte/shared/messages';
import type { Workspace, WorkspaceList } from '@ponte/shared/account.schema';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import type { SessionTokens } from '../auth/sessions';
import { createWorkspacesRepository } from './workspaces.repository';

export interface WorkspacesServiceDeps {
  db: Database;
  tokens: SessionTokens;
  now: () => Date;
}

export function createWorkspacesService({ db, tokens, now }: WorkspacesServiceDeps) {
  const repository = createWorkspacesRepository(db);

  return {
    /** `engine_url` is the stored one, else the engine of the server the caller reached. */
    async current(session: AuthContext, requestEngineUrl: string): Promise<Workspace> {
      const row = await repository.findById(session.workspaceId);
      if (!row) throw notFound();
      return { _id: row.id, name: row.name, engine_url: row.engineUrl ?? requestEngineUrl };
    },

    async list(session: AuthContext): Promise<WorkspaceList> {
      const rows = await repository.listForUser(session.userId);
      return {
        items: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          current: row.id === session.workspaceId,
        })),
      };
    },

    async create(session: AuthContext, name: string): Promise<{ _id: string; name: string }> {
      if (!session.isOwner) throw forbidden(messages.account.ownerOnly);
      return db.transaction((tx) =>
        createWorkspacesRepository(tx).create(session.customerId, name, session.userId, now()),
      );
    },

    /**
     * A token (a new session) for another workspace of the caller; the session of the token
     * sent stays open, like a sign-in elsewhere (ADR 0016). 404 when they are not a member.
     */
    async switchTo(session: AuthContext, workspaceId: string): Promise<string> {
      if (!(await repository.isMember(session.userId, workspaceId))) {
        throw notFound(messages.account.notAMember, { kind: 'workspace', id: workspaceId });
      }
      return tokens.issue(session.userId, workspaceId);
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
