import type { FastifyBaseLogger } from 'fastify';
import type { HttpPort } from '@ponte/engine/ports';
import type { Database } from '../../db/client';
import type { InstanceSmtp } from './alert-rules.config';
import type { Resolver } from '../../adapters/outbound-http/guarded-agent';
import type { NetworkGuard } from '../../adapters/outbound-http/network-guard';
import { createAlertWatch } from './alert-watch';
import { createDeadManEvaluator } from './alert-dead-man';
import type { MessageQueueDriver } from '../queues/drivers/message-queue-driver';
import { createAlertDispatcher } from './alert-dispatcher';
import { createEmailSender, type EmailSenderDependencies } from './alert-email';
import { createWebhookSender } from './alert-webhook';

/** What the alerts' delivery needs from the app (docs/adr/0052). */
export interface AlertDeliveryDependencies {
  db: Database;
  now: () => Date;
  /** The app's one outbound HTTP client (the network guard). */
  http: HttpPort;
  network: { guard: NetworkGuard; resolver?: Resolver };
  /** The workspaces' service accounts, decrypted. */
  accounts: EmailSenderDependencies['accounts'];
  /** PONTE_SMTP_URL / PONTE_SMTP_FROM, or null. */
  smtp: InstanceSmtp | null;
  /** Links in notifications start here: PONTE_PUBLIC_URL, else http://localhost:<PORT>. */
  baseUrl: string;
  /** Between two passes of the dispatcher (default 2 s). */
  intervalMs?: number;
  onError: (error: unknown) => void;
}

/** The dispatcher with its e-mail and webhook senders. */
export function createAlertDelivery(deps: AlertDeliveryDependencies) {
  return createAlertDispatcher({
    db: deps.db,
    now: deps.now,
    senders: {
      email: createEmailSender({
        guard: deps.network.guard,
        ...(deps.network.resolver ? { resolver: deps.network.resolver } : {}),
        accounts: deps.accounts,
        smtp: deps.smtp,
        baseUrl: deps.baseUrl,
      }),
      webhook: createWebhookSender({ http: deps.http, baseUrl: deps.baseUrl }),
    },
    ...(deps.intervalMs ? { intervalMs: deps.intervalMs } : {}),
    onError: deps.onError,
  });
}

/**
 * The alert rules' background parts (docs/adr/0050, 0051, 0052): the watch the log writer asks
 * about each batch, and the dispatcher that sends the notifications. Started when the app is
 * ready, stopped when it closes.
 */
export function createAlerts(
  db: Database,
  log: FastifyBaseLogger,
  delivery: Omit<AlertDeliveryDependencies, 'db' | 'onError'> & {
    /** The queue driver's counts, for queue_backlog rules. */
    queues: Pick<MessageQueueDriver, 'counts'>;
    /** Whether some process runs executions now, for stuck_execution rules. */
    workersAlive: () => Promise<boolean>;
  },
) {
  const watch = createAlertWatch(db, {
    onError: (error) => log.error({ err: error }, 'falha ao ler as regras de alerta'),
  });
  // Dead-man rules (no_success, queue_backlog, stuck_execution; docs/adr/0053, 0112).
  const deadMan = createDeadManEvaluator(db, {
    now: delivery.now,
    queueCounts: (queueId) => delivery.queues.counts(queueId),
    workersAlive: delivery.workersAlive,
    onError: (error) => log.error({ err: error }, 'falha ao avaliar as regras de alerta'),
  });
  const dispatcher = createAlertDelivery({
    ...delivery,
    db,
    onError: (error) => log.error({ err: error }, 'falha ao enviar alertas'),
  });
  return {
    watch,
    deadMan,
    dispatcher,
    /** After a rule is saved or removed here: the watch reads the rules again at once. */
    rulesChanged: () => watch.refresh().then(() => undefined),
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
