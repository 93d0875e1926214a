import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { createAlertWatch } from './modules/alert-rules/alert-watch';
import { createDeadManEvaluator } from './modules/alert-rules/alert-dead-man';
import type { MessageQueueDriver } from './modules/queues/drivers/message-queue-driver';

/**
 * The alert rules' background parts (docs/adr/0050, 0051): the watch the log writer asks about
 * each batch. Started when the app is ready, stopped when it closes.
 */
export function createAlerts(
  db: Database,
  log: FastifyBaseLogger,
  deadManParts: { now: () => Date; queues: Pick<MessageQueueDriver, 'counts'> },
) {
  const watch = createAlertWatch(db, {
    onError: (error) => log.error({ err: error }, 'falha ao ler as regras de alerta'),
  });
  // Dead-man rules (no_success, queue_backlog; docs/adr/0053).
  const deadMan = createDeadManEvaluator(db, {
    now: deadManParts.now,
    queueCounts: (queueId) => deadManParts.queues.counts(queueId),
    onError: (error) => log.error({ err: error }, 'falha ao avaliar as regras de alerta'),
  });
  return {
    watch,
    /** After a rule is saved or removed here: the watch reads the rules again at once. */
    rulesChanged: () => watch.refresh().then(() => undefined),
    start() {
      watch.start();
      deadMan.start();
    },
    async stop() {
      await watch.stop();
      await deadMan.stop();
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
