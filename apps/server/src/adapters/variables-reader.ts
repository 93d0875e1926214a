import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { variables } from '../db/schema';

/**
 * The workspace variables executions read, kept for a moment: every execution resolves them,
 * and under load that is one query per execution. A save or removal in this process forgets
 * the workspace at once; the short life bounds how long another process's edit goes unseen.
 */
export function createVariablesReader(db: Database, lifeMs = 2_000) {
  const cache = new Map<string, { values: Record<string, string>; until: number }>();
  return {
    async all(workspaceId: string): Promise<Record<string, string>> {
      const cached = cache.get(workspaceId);
      if (cached && cached.until > Date.now()) return cached.values;
      const rows = await db
        .select({ key: variables.key, value: variables.value })
        .from(variables)
        .where(eq(variables.workspaceId, workspaceId));
      const values = Object.fromEntries(rows.map((row) => [row.key, row.value]));
      cache.set(workspaceId, { values, until: Date.now() + lifeMs });
      return values;
    },
    forget(workspaceId: string) {
      cache.delete(workspaceId);
    },
  };
}

export type VariablesReader = ReturnType<typeof createVariablesReader>;
