import { triggersConfig } from './triggers.config';
import { workspaceIds } from '../../lib/workspace-ids';
import type { WebhookRateLimit } from './triggers.config';
import { defineModule, roles, runsWork, servesApi } from '../../container/server-module';
import type { ProcessRole } from '../../cluster/cluster.config';
import { createQueueConsumers, type QueueConsumers } from '../queues/queue-consumers';
import { manualTriggerRoutes } from './manual-trigger.routes';
import { schedulePreviewRoutes } from './schedule-preview.routes';
import { createManualTriggerService } from './manual-trigger.service';
import { createUploadRetention } from './manual-uploads';
import { createReconciliation, subscribeSharedState } from './shared-state';
import { createPollScheduler } from './poll-scheduler';
import { systemClock, type TimerClock } from './timer-clock';
import { createTriggerManager, type TriggerKinds, type TriggerManager } from './trigger-manager';
import { createWebhookLimits } from './webhook-limits';
import { serviceHookRoutes } from './service-hooks.routes';
import { createServiceHooks } from './service-hooks.service';
import { webhookRoutes } from './webhook.routes';
import { createWebhookService } from './webhook.service';
import { triggersAccess } from './triggers.access';

declare module '../../container/provided' {
  interface Provided {
    triggers: TriggerManager;
    /** The consumer flows of the internal queues, run by the runner (docs/adr/0035). */
    queueConsumers: QueueConsumers;
    /** The periodic pass that catches up with changes whose bus message was lost. */
    reconciliation: ReturnType<typeof createReconciliation>;
  }
}

export interface TriggersOptions {
  /** Clock of the schedules (tests move it by hand). */
  triggerClock?: TimerClock;
  webhookTimeoutMs?: number;
  /** PONTE_WEBHOOK_RATE_LIMIT_*: public webhook calls per minute per address and per flow. */
  webhookRateLimit?: WebhookRateLimit;
  /** Hours a manual-trigger upload is kept (default 24, ADR 0022). */
  uploadRetentionHours?: number;
}

/** The triggers a process of this role activates (docs/adr/0066). */
export function triggerKindsOf(role: ProcessRole): TriggerKinds {
  return { webhooks: servesApi(role), schedules: runsWork(role), errorFlows: runsWork(role) };
}

/**
 * What starts executions: webhooks (public), schedules, error flows, the manual trigger and
 * the internal queues' consumer flows. The triggers of this process's role follow the changes
 * made in every process (docs/adr/0066), and a periodic pass catches up with lost messages.
 */
export const triggersModule = defineModule({
  name: 'triggers',
  access: triggersAccess,
  needs: [
    'db',
    'now',
    'log',
    'cluster',
    'bus',
    'flowsRepository',
    'runner',
    'messageDriver',
    'variablesReader',
    // The workspace's own holidays, for schedules on business days (docs/adr/0121).
    'workspaceHolidays',
    'storage',
    'securityHooks',
    'engine',
    'logWriter',
  ],
  provides: ['triggers', 'queueConsumers', 'reconciliation'],
  routeNeeds: ['library', 'serviceAccounts', 'oauth2', 'hookRegistrations'],
  config: [triggersConfig],
  tables: ['schedule_ticks', 'service_poll_cursors'],
  create(parts, options: TriggersOptions) {
    const { db, log, runner, engine } = parts;
    const report = (error: unknown, context: string) =>
      log.error({ err: error, context }, 'falha num gatilho');
    const clock = options.triggerClock ?? systemClock;
    const polls = createPollScheduler({
      db,
      definition: (type, version) => engine.registry.get(type, version),
      poll: (request) => engine.poll(request),
      enqueue: (request) => runner.enqueue(request),
      log: (entry) => parts.logWriter.write(entry),
      clock,
      report,
    });
    const kinds = triggerKindsOf(parts.cluster.role);
    const manager = createTriggerManager({
      db,
      flows: parts.flowsRepository,
      runner,
      clock,
      kinds,
      workspaceHolidays: parts.workspaceHolidays,
      onError: report,
      ...(kinds.schedules ? { polls } : {}),
    });
    const triggers: TriggerManager = {
      ...manager,
      stop() {
        polls.stop();
        manager.stop();
      },
    };
    const queueConsumers = createQueueConsumers({
      db,
      driver: parts.messageDriver,
      runner,
      onError: (error, context) =>
        log.error({ err: error, context }, 'falha num consumidor de fila'),
    });
    const shared = {
      runner,
      triggers,
      consumers: queueConsumers,
      variablesReader: parts.variablesReader,
    };
    subscribeSharedState(parts.bus, shared, (error, channel) =>
      log.error({ err: error, channel }, 'falha ao aplicar uma mudança de outro processo'),
    );
    const reconciliation = createReconciliation({
      ...shared,
      onError: (error) => log.error({ err: error }, 'falha ao reconciliar os gatilhos'),
    });
    return { triggers, queueConsumers, reconciliation };
  },
  routes: {
    engine: async (engine, { flowsRepository, runner, storage, now, workspaceHolidays }) => {
      await engine.register(manualTriggerRoutes, {
        service: createManualTriggerService({
          findFlow: (workspaceId, flowId) => flowsRepository.find(workspaceId, flowId),
          enqueue: (request) => runner.enqueue(request),
        }),
        storage,
        now,
      });
      await engine.register(schedulePreviewRoutes, { now, workspaceHolidays });
    },
    // Webhooks are public: the node's own auth, or the service's signature, guards them.
    public: async (app, parts, options) => {
      const { triggers, runner, securityHooks, library, serviceAccounts, log } = parts;
      const { hookRegistrations } = parts;
      const limits = createWebhookLimits(options.webhookRateLimit, securityHooks.onThrottled);
      await app.register(webhookRoutes, {
        prefix: '/engine',
        service: createWebhookService({
          findWebhook: (flowId, method, path) => triggers.findWebhook(flowId, method, path),
          enqueue: (request) => runner.enqueue(request),
          ...(options.webhookTimeoutMs ? { responseTimeoutMs: options.webhookTimeoutMs } : {}),
          limits,
        }),
      });
      await app.register(serviceHookRoutes, {
        prefix: '/engine',
        hooks: createServiceHooks({
          findServiceHook: (flowId, nodeUid) => triggers.findServiceHook(flowId, nodeUid),
          definition: (type, version) => library.get(type, version),
          account: async (workspaceId, id) => {
            const account = await serviceAccounts.getDecrypted(workspaceId, id);
            return account && { ...account, configuredHosts: [] };
          },
          enqueue: (request) => runner.enqueue(request),
          registration: (flowId, nodeUid) => hookRegistrations.registrationOf(flowId, nodeUid),
          appSecret: (workspaceId, account) =>
            parts.oauth2.clients.secretForAccount(workspaceId, account),
          claimEvent: (flowId, nodeUid, key) => hookRegistrations.claimEvent(flowId, nodeUid, key),
          now: parts.now,
          limits,
          onRefused: (flowId, nodeUid, reason) =>
            log.warn({ flowId, nodeUid, reason }, 'entrega de serviço recusada'),
        }),
      });
    },
  },
  start: ({ triggers }) => triggers.start(),
  tasks: ({ storage, db, log, queueConsumers, reconciliation }, options) => [
    {
      // Manual-trigger uploads (their /envios-manuais folders) older than uploadRetentionHours.
      name: 'retenção dos envios manuais',
      runsOn: roles.work,
      ...createUploadRetention({
        storage,
        workspaces: () => workspaceIds(db),
        maxAgeMs: (options.uploadRetentionHours ?? 24) * 3_600_000,
        onError: (error) => log.error({ err: error }, 'falha ao apagar arquivos enviados antigos'),
        onRemoved: (count) => log.info({ count }, 'arquivos enviados antigos apagados'),
      }),
    },
    { name: 'consumidores das filas', runsOn: roles.work, ...queueConsumers },
    { name: 'reconciliação dos gatilhos', runsOn: roles.every, ...reconciliation },
  ],
  stop: ({ triggers }) => triggers.stop(),
});
