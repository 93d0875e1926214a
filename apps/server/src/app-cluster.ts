import { z } from 'zod';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import type { FastifyApp } from './app-fastify';
import type { BusHandler, ClusterBus } from './cluster/cluster-bus';
import type { VariablesReader } from './adapters/variables-reader';
import type { SessionTokens } from './modules/auth/sessions';
import type { ExecutionRunner } from './modules/executions/execution-runner';
import type { QueueConsumers } from './modules/queues/queue-consumers';
import {
  createTriggerManager,
  type TriggerKinds,
  type TriggerManager,
} from './modules/triggers/trigger-manager';
import type { FlowsRepository } from './modules/flows/flows.repository';
import type { BuildAppOptions } from './app';
import { runsWork, servesApi } from './cluster/cluster';
import type { ProcessRole } from './cluster/cluster.config';

/** The bus channels of the shared state (docs/adr/0066). */
export const stateChannels = {
  flowChanged: 'flow-changed',
  workspaceReload: 'workspace-reload',
  variablesChanged: 'variables-changed',
  queuesChanged: 'queues-changed',
  sessionsRevoked: 'sessions-revoked',
} as const;

const workspaceMessage = z.object({ workspaceId: z.string().min(1) });
const flowMessage = workspaceMessage.extend({ flowId: z.string().min(1) });
const sessionsMessage = z.object({ sessionIds: z.array(z.string()) });

/** Between two reconciliation passes: what a lost bus message can delay at most. */
export const reconcileIntervalMs = 30_000;

/** The triggers a process of this role activates (docs/adr/0066). */
export function triggerKindsOf(role: ProcessRole): TriggerKinds {
  return { webhooks: servesApi(role), schedules: runsWork(role), errorFlows: runsWork(role) };
}

/** Paths a worker answers over HTTP; everything else is 404. */
const workerPaths = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * A worker (PONTE_ROLE=worker) serves only health, readiness and metrics: any other path
 * answers the ordinary 404 JSON, before any route or body parsing runs.
 */
export function restrictToWorkerPaths(app: FastifyApp): void {
  app.addHook('onRequest', async (request, reply) => {
    if (workerPaths.has(request.url.split('?')[0]!)) return;
    return reply.code(404).send({
      statusCode: 404,
      code: errorCodes.notFound,
      message: messages.generic.routeNotFound,
    });
  });
}

/** What the shared state's handlers act on in this process. */
export interface SharedStateParts {
  runner: Pick<ExecutionRunner, 'forgetFlow'>;
  triggers: Pick<TriggerManager, 'reloadFlow' | 'reloadWorkspace' | 'reconcile'>;
  consumers: () => Pick<QueueConsumers, 'reconcile' | 'reconcileAll'> | undefined;
  variablesReader: Pick<VariablesReader, 'forget'>;
}

/**
 * Subscribes this process to the changes made in any process (docs/adr/0066): a flow saved
 * (its cached row, its triggers, the queue consumers), a workspace's triggers reloaded (engine
 * restart), its variables or queues changed. In one process the local bus calls the same
 * handlers, awaited, so a save is applied before its answer leaves.
 */
export function subscribeSharedState(
  bus: ClusterBus,
  parts: SharedStateParts,
  onError: (error: unknown, channel: string) => void,
): void {
  const on = <T>(channel: string, schema: z.ZodType<T>, handle: (message: T) => unknown) => {
    const handler: BusHandler = async (message) => {
      const parsed = schema.safeParse(message);
      if (!parsed.success) return onError(parsed.error, channel);
      try {
        await handle(parsed.data);
      } catch (error) {
        onError(error, channel);
      }
    };
    bus.subscribe(channel, handler);
  };
  on(stateChannels.flowChanged, flowMessage, async ({ workspaceId, flowId }) => {
    parts.runner.forgetFlow(flowId);
    await parts.triggers.reloadFlow(workspaceId, flowId);
    await parts.consumers()?.reconcile(workspaceId);
  });
  on(stateChannels.workspaceReload, workspaceMessage, async ({ workspaceId }) => {
    await parts.triggers.reloadWorkspace(workspaceId);
    await parts.consumers()?.reconcile(workspaceId);
  });
  on(stateChannels.queuesChanged, workspaceMessage, async ({ workspaceId }) => {
    await parts.consumers()?.reconcile(workspaceId);
  });
  on(stateChannels.variablesChanged, workspaceMessage, ({ workspaceId }) =>
    parts.variablesReader.forget(workspaceId),
  );
}

/**
 * Sessions revoked in any process end the live sockets of every API process: this process's
 * revocations go out on the bus, and `onSessionsRevoked` hears them all (its own included).
 */
export function shareSessionRevocations(bus: ClusterBus, tokens: SessionTokens) {
  tokens.onRevoked(
    (sessionIds) =>
      void bus.publish(stateChannels.sessionsRevoked, { sessionIds: [...sessionIds] }),
  );
  return (listener: (sessionIds: readonly string[]) => void) =>
    bus.subscribe(stateChannels.sessionsRevoked, (message) => {
      const parsed = sessionsMessage.safeParse(message);
      if (parsed.success) listener(parsed.data.sessionIds);
    });
}

/**
 * The periodic pass that catches up with changes whose bus message was lost (pub/sub delivers
 * at most once): the triggers read every enabled flow again and rearm only what changed, and
 * the queue consumers of a work process follow their queues.
 */
export function createReconciliation(
  parts: Pick<SharedStateParts, 'triggers' | 'consumers'> & {
    intervalMs?: number;
    onError: (error: unknown) => void;
  },
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const pass = async () => {
    await parts.triggers.reconcile();
    await parts.consumers()?.reconcileAll();
  };
  const tick = () => {
    if (running) return;
    running = pass()
      .catch(parts.onError)
      .finally(() => (running = null));
  };
  return {
    /** One pass now (tests; the timer calls the same). */
    pass,
    start() {
      timer ??= setInterval(tick, parts.intervalMs ?? reconcileIntervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;

/**
 * The trigger manager of this process's role, subscribed to the changes made in every process,
 * and its periodic reconciliation (started and stopped with the app's lifecycle).
 */
export function createSharedTriggers(
  app: FastifyApp,
  options: Pick<BuildAppOptions, 'database' | 'triggerClock' | 'cluster'>,
  parts: Omit<SharedStateParts, 'triggers' | 'runner'> & {
    flows: FlowsRepository;
    runner: ExecutionRunner;
  },
) {
  const { role, bus } = options.cluster!;
  const triggers = createTriggerManager({
    db: options.database.db,
    flows: parts.flows,
    runner: parts.runner,
    ...(options.triggerClock ? { clock: options.triggerClock } : {}),
    kinds: triggerKindsOf(role),
    onError: (error, context) => app.log.error({ err: error, context }, 'falha num gatilho'),
  });
  const shared = { ...parts, triggers };
  subscribeSharedState(bus, shared, (error, channel) =>
    app.log.error({ err: error, channel }, 'falha ao aplicar uma mudança de outro processo'),
  );
  const reconciliation = createReconciliation({
    ...shared,
    onError: (error) => app.log.error({ err: error }, 'falha ao reconciliar os gatilhos'),
  });
  return { triggers, reconciliation };
}
