import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scheduleTicks } from '../../db/schema';

export interface ScheduleTick {
  flowId: string;
  nodeUid: string;
  tickAt: Date;
}

/**
 * The `schedule_ticks` table: one row per schedule node and tick, so that a tick runs once even
 * when several processes arm the same schedule.
 */
export function createTriggersRepository(db: Database) {
  return {
    /** True when this process is the first to claim the tick. */
    async claimTick(tick: ScheduleTick): Promise<boolean> {
      const claimed = await db
        .insert(scheduleTicks)
        .values(tick)
        .onConflictDoNothing()
        .returning({ flowId: scheduleTicks.flowId });
      return claimed.length > 0;
    },

    /** Records the execution a claimed tick started. */
    async linkTick(tick: ScheduleTick, executionId: string): Promise<void> {
      await db
        .update(scheduleTicks)
        .set({ executionId })
        .where(
          and(
            eq(scheduleTicks.flowId, tick.flowId),
            eq(scheduleTicks.nodeUid, tick.nodeUid),
            eq(scheduleTicks.tickAt, tick.tickAt),
          ),
        );
    },
  };
}

export type TriggersRepository = ReturnType<typeof createTriggersRepository>;
