import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { TokenClaims } from '@ponte/shared/account.schema';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { unauthorized } from '../../lib/app-error';
import { sessionLifetimeSeconds, type TokenIssuer } from './token-issuer';

type RevokedListener = (sessionIds: readonly string[]) => void;

/**
 * Session tokens backed by the `sessions` table (ADR 0016): every token names its row in `jti`;
 * rotating or revoking a session updates the row, so every process sharing the database refuses
 * the old token from then on. Listeners hear of revocations made by this process (the live
 * socket ends the sockets of those sessions at once).
 */
export function createSessionTokens(deps: { db: Database; issuer: TokenIssuer; now: () => Date }) {
  const { db, issuer, now } = deps;
  const listeners = new Set<RevokedListener>();

  /** A new session row and its token; expired rows of anyone are swept on the way. */
  async function issue(userId: string, workspaceId: string, tx: Database = db): Promise<string> {
    const id = randomUUID();
    const at = now();
    const token = await issuer.issue(userId, workspaceId, id);
    const iat = Math.floor(at.getTime() / 1000);
    await tx.delete(sessions).where(lt(sessions.expiresAt, at));
    await tx.insert(sessions).values({
      id,
      userId,
      workspaceId,
      createdAt: at,
      expiresAt: new Date((iat + sessionLifetimeSeconds) * 1000),
    });
    return token;
  }

  function revoked(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    for (const listener of listeners) listener(sessionIds);
  }

  return {
    issue,

    /** The claims of a well-signed token that names a session; null for anything else. */
    async verify(token: string): Promise<(TokenClaims & { jti: string }) | null> {
      const claims = await issuer.verify(token);
      return claims?.jti ? { ...claims, jti: claims.jti } : null;
    },

    /**
     * Ends the caller's session and opens the next one (same user, `workspaceId`), in one
     * transaction: of two refreshes of the same token, one gets the new token, the other 401.
     */
    async rotate(
      session: { sessionId: string; userId: string },
      workspaceId: string,
    ): Promise<string> {
      const token = await db.transaction(async (tx) => {
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: now() })
          .where(and(eq(sessions.id, session.sessionId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        return ended.length ? issue(session.userId, workspaceId, tx) : null;
      });
      if (!token) throw unauthorized();
      revoked([session.sessionId]);
      return token;
    },

    /**
     * Ends one session (sign-out): its token is refused from now on by every process sharing
     * the database, and this process's listeners hear of it (its sockets end in every API
     * process). False when it had already ended.
     */
    async revoke(sessionId: string): Promise<boolean> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      revoked(ended.map((row) => row.id));
      return ended.length > 0;
    },

    /**
     * Revokes every open session of the user (password change, reset), or only those in one
     * workspace (a member removed). Inside the caller's transaction; call `revoked` with the
     * answer once it has committed.
     */
    async revokeUser(userId: string, tx: Database = db, workspaceId?: string): Promise<string[]> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            workspaceId === undefined ? undefined : eq(sessions.workspaceId, workspaceId),
          ),
        )
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },

    /** Tells this process's listeners that these sessions ended. */
    revoked,

    onRevoked(listener: RevokedListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
