import { messages } from '@ponte/shared/messages';
import type { Workspace, WorkspaceList } from '@ponte/shared/account.schema';
import type { AiTokens } from '@ponte/shared/ai-tokens.schema';
import type { AiBudget } from '@ponte/shared/ai-usage.schema';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import type { SessionTokens } from '../auth/sessions';
import { createWorkspacesRepository } from './workspaces.repository';

export interface WorkspacesServiceDeps {
  db: Database;
  tokens: SessionTokens;
  now: () => Date;
  /** The AI tokens of the workspace's current month (the ai-usage module's). */
  aiTokensThisMonth: (workspaceId: string) => Promise<AiTokens>;
}

export function createWorkspacesService({
  db,
  tokens,
  now,
  aiTokensThisMonth,
}: WorkspacesServiceDeps) {
  const repository = createWorkspacesRepository(db);

  /** The session's workspace's AI budget and the month's tokens so far (docs/adr/0101). */
  const aiBudget = async (session: AuthContext): Promise<AiBudget> => {
    const [budget, used] = await Promise.all([
      repository.aiTokenBudget(session.workspaceId),
      aiTokensThisMonth(session.workspaceId),
    ]);
    return { ai_token_budget: budget, used_this_month: used };
  };

  return {
    /** `engine_url` is the stored one, else the engine of the server the caller reached. */
    async current(session: AuthContext, requestEngineUrl: string): Promise<Workspace> {
      const row = await repository.findById(session.workspaceId);
      if (!row) throw notFound();
      return {
        _id: row.id,
        name: row.name,
        engine_url: row.engineUrl ?? requestEngineUrl,
        role: session.role,
        groups: session.groupIds ? [...session.groupIds] : null,
      };
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
      return db.transaction((tx) =>
        createWorkspacesRepository(tx).create(session.customerId, name, session.userId, now()),
      );
    },

    aiBudget,

    /** Sets the session's workspace's monthly AI token budget (null: no limit); the owner only. */
    async setAiBudget(session: AuthContext, budget: number | null): Promise<AiBudget> {
      await repository.setAiTokenBudget(session.workspaceId, budget, now());
      return aiBudget(session);
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
