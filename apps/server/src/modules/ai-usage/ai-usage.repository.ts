import { and, eq, gte, sql } from 'drizzle-orm';
import type { AiTokens } from '@ponte/shared/ai-tokens.schema';
import type { Database } from '../../db/client';
import { aiTokenUsage } from '../../db/schema';

/** One model answer's tokens, as a row of `ai_token_usage`. */
export interface AiTokenUsageRow {
  workspaceId: string;
  executionId: string | null;
  flowId: string;
  provider: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  createdAt: Date;
}

const sums = {
  entrada: sql<string>`coalesce(sum(${aiTokenUsage.tokensIn}), 0)`,
  saida: sql<string>`coalesce(sum(${aiTokenUsage.tokensOut}), 0)`,
  calls: sql<number>`count(*)::int`,
};

const tokensOf = (row: { entrada: string; saida: string } | undefined): AiTokens => ({
  entrada: Number(row?.entrada ?? 0),
  saida: Number(row?.saida ?? 0),
});

/** The AI tokens of the workspaces (docs/adr/0101): every read takes the workspace. */
export function createAiUsageRepository(db: Database) {
  return {
    async insert(row: AiTokenUsageRow): Promise<void> {
      await db.insert(aiTokenUsage).values(row);
    },

    /** The workspace's tokens since `from` (the month's, for its budget). */
    async totalSince(workspaceId: string, from: Date): Promise<AiTokens> {
      const [row] = await db
        .select(sums)
        .from(aiTokenUsage)
        .where(and(eq(aiTokenUsage.workspaceId, workspaceId), gte(aiTokenUsage.createdAt, from)));
      return tokensOf(row);
    },

    /** The tokens of one execution of the workspace; null when it called no model. */
    async totalOfExecution(workspaceId: string, executionId: string): Promise<AiTokens | null> {
      const [row] = await db
        .select(sums)
        .from(aiTokenUsage)
        .where(
          and(eq(aiTokenUsage.workspaceId, workspaceId), eq(aiTokenUsage.executionId, executionId)),
        );
      return row && row.calls > 0 ? tokensOf(row) : null;
    },
  };
}

export type AiUsageRepository = ReturnType<typeof createAiUsageRepository>;
