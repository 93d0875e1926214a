import type { AgentMemoryPort } from '@ponte/engine/ports';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { agentMemories } from '../db/schema';
import { abortable } from '../lib/abortable';

const dayMs = 86_400_000;

/**
 * The agents' conversations in the workspace's database (docs/adr/0099): read by workspace and
 * key, the newest `window` turns; a write moves the whole conversation's expiry to
 * `retentionDays` after it and deletes the workspace's expired turns.
 */
export function createAgentMemoryPort(db: Database, now: () => Date): AgentMemoryPort {
  return {
    load: (scope, key, window, signal) =>
      abortable(signal, async () => {
        const rows = await db
          .select({ role: agentMemories.role, text: agentMemories.content })
          .from(agentMemories)
          .where(
            and(
              eq(agentMemories.workspaceId, scope.workspaceId),
              eq(agentMemories.conversation, key),
              gt(agentMemories.expiresAt, now()),
            ),
          )
          .orderBy(desc(agentMemories.id))
          .limit(window);
        return rows.reverse();
      }),
    append: (scope, key, turns, retentionDays, signal) =>
      abortable(signal, async () => {
        const at = now();
        const expiresAt = new Date(at.getTime() + retentionDays * dayMs);
        const of = (conversation: string) =>
          and(
            eq(agentMemories.workspaceId, scope.workspaceId),
            eq(agentMemories.conversation, conversation),
          );
        await db.transaction(async (tx) => {
          await tx
            .delete(agentMemories)
            .where(
              and(
                eq(agentMemories.workspaceId, scope.workspaceId),
                lte(agentMemories.expiresAt, at),
              ),
            );
          await tx.update(agentMemories).set({ expiresAt }).where(of(key));
          if (turns.length) {
            await tx.insert(agentMemories).values(
              turns.map((turn) => ({
                workspaceId: scope.workspaceId,
                conversation: key,
                role: turn.role,
                content: turn.text,
                createdAt: at,
                expiresAt,
              })),
            );
          }
        });
      }),
  };
}
