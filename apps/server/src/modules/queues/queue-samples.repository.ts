import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { QueueCounts } from '@ponte/shared/queues.schema';
import type { Database } from '../../db/client';
import { queueDepthSamples, queues } from '../../db/schema';

/** The depth samples of the queues (the view page's chart, beyond the spec). */
export function createQueueSamplesRepository(db: Database) {
  return {
    /** Every queue's id, for the depth sampler. */
    async allIds(): Promise<string[]> {
      return (await db.select({ id: queues.id }).from(queues)).map((row) => row.id);
    },

    /** One sample per queue and slot: a second process writing the same slot changes nothing. */
    async addSample(queueId: string, at: Date, counts: QueueCounts): Promise<void> {
      await db
        .insert(queueDepthSamples)
        .values({ queueId, at, ...counts })
        .onConflictDoNothing();
    },

    async samplesSince(queueId: string, since: Date) {
      return db
        .select()
        .from(queueDepthSamples)
        .where(and(eq(queueDepthSamples.queueId, queueId), gte(queueDepthSamples.at, since)))
        .orderBy(asc(queueDepthSamples.at));
    },

    async removeSamplesBefore(before: Date): Promise<void> {
      await db.delete(queueDepthSamples).where(lt(queueDepthSamples.at, before));
    },
  };
}

export type QueueSamplesRepository = ReturnType<typeof createQueueSamplesRepository>;
