import { z } from 'zod';
import type { VariablesReader } from '../../adapters/variables-reader';
import type { BusHandler, ClusterBus } from '../../cluster/cluster-bus';
import { stateChannels } from '../../cluster/state-channels';
import type { ExecutionRunner } from '../executions/execution-runner';
import type { QueueConsumers } from '../queues/queue-consumers';
import type { TriggerManager } from './trigger-manager';

const workspaceMessage = z.object({ workspaceId: z.string().min(1) });
const flowMessage = workspaceMessage.extend({ flowId: z.string().min(1) });

/** Between two reconciliation passes: what a lost bus message can delay at most. */
export const reconcileIntervalMs = 30_000;

/** What the shared state's handlers act on in this process. */
export interface SharedStateParts {
  runner: Pick<ExecutionRunner, 'forgetFlow'>;
  triggers: Pick<TriggerManager, 'reloadFlow' | 'reloadWorkspace' | 'reconcile'>;
  consumers: Pick<QueueConsumers, 'reconcile' | 'reconcileAll'>;
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
    await parts.consumers.reconcile(workspaceId);
  });
  on(stateChannels.workspaceReload, workspaceMessage, async ({ workspaceId }) => {
    await parts.triggers.reloadWorkspace(workspaceId);
    await parts.consumers.reconcile(workspaceId);
  });
  on(stateChannels.queuesChanged, workspaceMessage, async ({ workspaceId }) => {
    await parts.consumers.reconcile(workspaceId);
  });
  on(stateChannels.variablesChanged, workspaceMessage, ({ workspaceId }) =>
    parts.variablesReader.forget(workspaceId),
  );
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
    await parts.consumers.reconcileAll();
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
