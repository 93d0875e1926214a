import { asc, eq } from 'drizzle-orm';
import { jobStates } from '@ponte/shared/queues.schema';
import { titularScanMax } from '@ponte/shared/lgpd/titular.schema';
import type { Database } from '../../db/client';
import { queues } from '../../db/schema';
import type { MessageQueueDriver, QueueMessage } from '../queues/drivers/message-queue-driver';
import { countInValue, hits, type TitularMatcher } from './titular-matcher';
import { searchTally, type TitularPlaceHandler } from './titular-scan';

const page = 100;

/**
 * The internal queues' messages, through the message driver (embedded or Redis, docs/adr/0033),
 * in every state: a message's body and its error. Each queue is read page by page; a search
 * reads `titularScanMax` messages at most. Erasing removes the messages that hold the value as
 * written through the driver (the Redis ledger's rows go with them); a message running at that
 * moment cannot be removed and is counted as not removed. A message holding only the masked
 * form (a trace that may be another person's) is kept.
 */
export function queuesPlace(db: Database, driver: MessageQueueDriver): TitularPlaceHandler {
  const queuesOf = (workspaceId: string) =>
    db
      .select({ id: queues.id, name: queues.name })
      .from(queues)
      .where(eq(queues.workspaceId, workspaceId))
      .orderBy(asc(queues.name), asc(queues.id));

  /** Every message of the queue, `visit`ed page by page until it answers false. */
  async function eachMessage(
    queueId: string,
    visit: (message: QueueMessage) => boolean,
  ): Promise<void> {
    for (let number = 1; ; number += 1) {
      const { items, total } = await driver.list(queueId, {
        states: [...jobStates],
        page: number,
        limit: page,
      });
      for (const message of items) if (!visit(message)) return;
      if (items.length < page || number * page >= total) return;
    }
  }
  const countOf = (matcher: TitularMatcher, message: QueueMessage) => {
    const body = countInValue(matcher, message.message);
    const error = message.error ? matcher.count(message.error) : { exact: 0, masked: 0 };
    return {
      count: { exact: body.exact + error.exact, masked: body.masked + error.masked },
      fields: [...(hits(body) ? ['message'] : []), ...(hits(error) ? ['error'] : [])],
    };
  };

  return {
    async search(workspaceId, matcher) {
      const tally = searchTally();
      let read = 0;
      for (const queue of await queuesOf(workspaceId)) {
        await eachMessage(queue.id, (message) => {
          if (read >= titularScanMax) {
            tally.result.truncated = true;
            return false;
          }
          read += 1;
          const { count, fields } = countOf(matcher, message);
          tally.add(count, () => ({
            id: message.id,
            at: message.publishedAt.toISOString(),
            fields,
            queue_id: queue.id,
            queue_name: queue.name,
          }));
          return true;
        });
        if (tally.result.truncated) break;
      }
      return tally.result;
    },

    async erase(workspaceId, matcher) {
      let done = 0;
      let failed = 0;
      for (const queue of await queuesOf(workspaceId)) {
        const found: string[] = [];
        await eachMessage(queue.id, (message) => {
          if (countOf(matcher, message).count.exact > 0) found.push(message.id);
          return true;
        });
        for (const id of found) {
          if (await driver.remove(queue.id, id)) done += 1;
          else failed += 1;
        }
      }
      return { done, failed };
    },
  };
}
