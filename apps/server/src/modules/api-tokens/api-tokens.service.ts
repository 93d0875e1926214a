import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  apiTokenPrefix,
  apiTokensMax,
  mcpScopes,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenList,
} from '@ponte/shared/api-tokens.schema';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { isApiKeyScope, type Permission } from '@ponte/shared/roles';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import type { AuthContext } from '../../plugins/auth';
import type { RecordSecurityEvent } from '../audit/security-log.service';
import { createApiTokensRepository, type ApiTokenRow } from './api-tokens.repository';

const m = messages.mcpServer;

export interface ApiTokensServiceDeps {
  db: Database;
  now: () => Date;
  /** The security log: a token created or revoked is an event of the workspace. */
  security?: RecordSecurityEvent;
}

/** `ponte_` and 32 random bytes in base64url: what the person copies, once. */
const newToken = () => `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** A token's last use is written at most this often (a busy client is not a write per call). */
const touchEveryMs = 60_000;

const toApiToken = (row: ApiTokenRow, creatorName: string | null): ApiToken => ({
  _id: row.id,
  name: row.name,
  hint: row.hint,
  created_by: row.createdBy ? { _id: row.createdBy, name: creatorName ?? '' } : null,
  created_at: toIso(row.createdAt),
  last_used_at: row.lastUsedAt ? toIso(row.lastUsedAt) : null,
  expires_at: row.expiresAt ? toIso(row.expiresAt) : null,
  scopes: row.scopes.filter(isApiKeyScope),
});

/**
 * The workspace's API tokens (docs/adr/0098): the token is answered once, at its creation;
 * only its sha256 is kept. A revoked token's row is deleted, so it never matches again.
 */
export function createApiTokensService({ db, now, security }: ApiTokensServiceDeps) {
  const repository = createApiTokensRepository(db);

  /** The key's row while it works (known, not expired), its last use noted once a minute. */
  async function live(token: string) {
    if (!token.startsWith(apiTokenPrefix) || token.length > 200) return null;
    // Looked up by its hash: what leaks by timing is a hash, not the token.
    const row = await repository.findByHash(hashOf(token));
    if (!row) return null;
    const at = now();
    if (row.expiresAt && row.expiresAt <= at) return null;
    if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= touchEveryMs)
      await repository.touch(row.id, at);
    return row;
  }

  return {
    async list(workspaceId: string): Promise<ApiTokenList> {
      const rows = await repository.list(workspaceId);
      return { items: rows.map(({ token, creatorName }) => toApiToken(token, creatorName)) };
    },

    async create(
      session: Pick<AuthContext, 'workspaceId' | 'userId'>,
      body: {
        name: string;
        expires_in_days?: number | null | undefined;
        scopes?: Permission[] | undefined;
      },
    ): Promise<ApiTokenCreated> {
      const scopes = [...new Set(body.scopes ?? mcpScopes)];
      const at = now();
      const days = body.expires_in_days;
      const expiresAt = days ? new Date(at.getTime() + days * 86_400_000) : null;
      if ((await repository.count(session.workspaceId)) >= apiTokensMax)
        throw new AppError(429, errorCodes.rateLimited, m.tokensLimit(apiTokensMax));
      const token = newToken();
      const row: ApiTokenRow = {
        id: randomUUID(),
        workspaceId: session.workspaceId,
        name: body.name,
        tokenHash: hashOf(token),
        hint: `${token.slice(0, apiTokenPrefix.length + 4)}…`,
        createdBy: session.userId,
        createdAt: at,
        lastUsedAt: null,
        expiresAt,
        scopes,
      };
      await repository.insert(row);
      security?.({
        kind: 'api_token_created',
        userId: session.userId,
        workspaceId: session.workspaceId,
        resource: `api_token:${row.id}`,
        detail: m.tokenCreatedEvent(row.name),
      });
      return { ...toApiToken(row, null), token };
    },

    async revoke(session: Pick<AuthContext, 'workspaceId' | 'userId'>, id: string): Promise<void> {
      const row = await repository.remove(session.workspaceId, id);
      if (!row) throw notFound(m.tokenNotFound);
      security?.({
        kind: 'api_token_revoked',
        userId: session.userId,
        workspaceId: session.workspaceId,
        resource: `api_token:${row.id}`,
        detail: m.tokenRevokedEvent(row.name),
      });
    },

    /**
     * Whether `token` is a live token of `workspaceId`: known, of that workspace, not expired.
     * Its last use is noted (at most once a minute).
     */
    async verify(workspaceId: string, token: string): Promise<{ id: string } | null> {
      const row = await live(token);
      // The MCP server lists the tool flows and runs them: 'executar flows' is what it needs.
      if (!row || row.workspaceId !== workspaceId || !row.scopes.includes('flows.run')) return null;
      return { id: row.id };
    },

    /**
     * The caller a `ponte_…` key makes on /api/v1 and /engine (docs/adr/0106): its workspace,
     * its creator as the person (for authorship), and its scopes, which the route table is
     * checked against. Null for an unknown, revoked or expired key: read on every request, so a
     * revocation holds at once in every process.
     */
    async resolve(token: string): Promise<AuthContext | null> {
      const row = await live(token);
      if (!row) return null;
      return {
        userId: row.createdBy ?? '',
        workspaceId: row.workspaceId,
        customerId: row.customerId,
        isOwner: false,
        role: 'viewer',
        sessionId: `api-key:${row.id}`,
        expiresAt: row.expiresAt ?? new Date(8.64e15),
        scopes: row.scopes,
        apiKey: { id: row.id, name: row.name },
      };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
