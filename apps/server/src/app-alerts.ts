import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { createAlertWatch } from './modules/alert-rules/alert-watch';

/**
 * The alert rules' background parts (docs/adr/0050, 0051): the watch the log writer asks about
 * each batch. Started when the app is ready, stopped when it closes.
 */
export function createAlerts(db: Database, log: FastifyBaseLogger) {
  const watch = createAlertWatch(db, {
    onError: (error) => log.error({ err: error }, 'falha ao ler as regras de alerta'),
  });
  return {
    watch,
    /** After a rule is saved or removed here: the watch reads the rules again at once. */
    rulesChanged: () => watch.refresh().then(() => undefined),
    start() {
      watch.start();
    },
    async stop() {
      await watch.stop();
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
