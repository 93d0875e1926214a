import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { variables } from '../db/schema';
import { createExpiringCache } from '../lib/expiring-cache';

/**
 * The workspace variables executions read, kept for a moment: every execution resolves them,
 * and under load that would be one query per execution. The variables service forgets a
 * workspace on every save or removal.
 */
export function createVariablesReader(db: Database, lifeMs = 2_000) {
  const cache = createExpiringCache<string, Record<string, string>>(lifeMs);
  return {
    async all(workspaceId: string): Promise<Record<string, string>> {
      const cached = cache.get(workspaceId);
      if (cached) return cached;
      const rows = await db
        .select({ key: variables.key, value: variables.value })
        .from(variables)
        .where(eq(variables.workspaceId, workspaceId));
      const values = Object.fromEntries(rows.map((row) => [row.key, row.value]));
      cache.set(workspaceId, values);
      return values;
    },
    forget: cache.forget,
  };
}

export type VariablesReader = ReturnType<typeof createVariablesReader>;
