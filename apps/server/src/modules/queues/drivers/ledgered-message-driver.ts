import { randomUUID } from 'node:crypto';
import { backToWaiting, type MessageQueueDriver } from './message-queue-driver';
import { ledgerEntryOf, ledgerEntryOfMessage, type MessageLedger } from './message-ledger';
import { hasLedgerStore } from './redis-message-driver';

/**
 * The driver with the ledger of its pending messages (docs/adr/0072) when it keeps them where
 * they may be lost (Redis); the embedded driver as it is. A message gets its row before Redis
 * is asked (a publish the database refuses is not made; one Redis refuses loses its row again)
 * and loses it when it ends (completed or failed), is removed or cleaned; a retried one gets it
 * back. One insert per publish, one delete per end.
 */
export function withLedger(
  driver: MessageQueueDriver,
  ledger: MessageLedger,
  onError: (error: unknown) => void,
): MessageQueueDriver {
  if (!hasLedgerStore(driver)) return driver;
  const store = driver.ledgerStore;
  // Not waited for: the consumer's slot is free at once. An end the database did not take
  // leaves a row whose message Redis holds completed or failed, which the reconciliation
  // removes; the message itself is never failed for it.
  const forgetEnded = (queueId: string, id: string) =>
    void ledger.forget(queueId, [id]).catch(onError);

  return {
    ...driver,
    async publish(queueId, input) {
      const entry = ledgerEntryOf(queueId, randomUUID(), input, new Date());
      await ledger.record(entry);
      try {
        return await store.publishAs(entry);
      } catch (error) {
        // Refused (dedup, Redis away): the caller is told so; nothing will publish it later.
        await ledger.forget(queueId, [entry.id]).catch(onError);
        throw error;
      }
    },
    consume(queueId, handler, options) {
      return driver.consume(
        queueId,
        async (message, signal, run) => {
          try {
            await handler(message, signal, run);
          } catch (error) {
            // A message that waits again keeps its row.
            if (!backToWaiting(error, signal)) forgetEnded(queueId, message.id);
            throw error;
          }
          forgetEnded(queueId, message.id);
        },
        options,
      );
    },
    async remove(queueId, messageId) {
      const removed = await driver.remove(queueId, messageId);
      if (removed) await ledger.forget(queueId, [messageId]);
      return removed;
    },
    async retry(queueId, messageId) {
      const message = await driver.get(queueId, messageId);
      if (!message || message.state !== 'failed') return false;
      await ledger.record(ledgerEntryOfMessage(message));
      if (await driver.retry(queueId, messageId)) return true;
      await ledger.forget(queueId, [messageId]);
      return false;
    },
    async clean(queueId) {
      const ids = await store.cleanIds(queueId);
      await ledger.forget(queueId, ids);
      return ids.length;
    },
    async drop(queueId) {
      // First the rows: a reconciliation meanwhile must not publish into a queue being removed.
      await ledger.forgetQueue(queueId);
      await driver.drop(queueId);
    },
  };
}
