import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { normaliseWebhookPath } from '@ponte/engine/nodes/triggers/webhook-trigger/webhook-auth';
import { nextRuns, validateSchedule } from '@ponte/engine/nodes/triggers/schedule-trigger/schedule';
import type { ExecutionResult } from '@ponte/engine/executor/events';
import type { Database } from '../../db/client';
import type { ExecutionRunner } from '../executions/execution-runner';
import type { ExecutionRow } from '../executions/executions.repository';
import type { FlowRow } from '../flows/flows.repository';
import { systemClock, type TimerClock } from './timer-clock';
import { createTriggersRepository } from './triggers.repository';

export interface WebhookHook {
  flow: FlowRow;
  node: FlowNode;
}

interface Schedule {
  workspaceId: string;
  handle: unknown;
}

export interface TriggerManagerDeps {
  db: Database;
  /** The flows module's reads. */
  flows: {
    /** Enabled flows of every workspace (start). */
    listTriggers(): Promise<FlowRow[]>;
    /** Enabled flows of one workspace (error flows, engine restart). */
    listEnabled(workspaceId: string): Promise<FlowRow[]>;
    find(workspaceId: string, flowId: string): Promise<FlowRow | null>;
  };
  runner: ExecutionRunner;
  clock?: TimerClock;
  onError?: (error: unknown, context: string) => void;
}

const nodesOf = (flow: FlowRow, type: string) =>
  ((flow.data as FlowDocument).nodes ?? []).filter((node) => node.type === type && !node.disabled);

/** The flow's enabled webhook node for a method and path. */
function webhookNode(flow: FlowRow, method: string, path: string): FlowNode | undefined {
  const wanted = normaliseWebhookPath(path);
  return nodesOf(flow, 'core_webhook_trigger').find(
    (candidate) =>
      String(candidate.params.method || 'POST').toUpperCase() === method.toUpperCase() &&
      normaliseWebhookPath(String(candidate.params.path ?? '')) === wanted,
  );
}

/** An execution that failed starts the workspace's error flows (never from an error flow). */
async function startErrorFlows(
  { flows, runner }: Pick<TriggerManagerDeps, 'flows' | 'runner'>,
  result: ExecutionResult,
  execution: ExecutionRow,
) {
  if (result.status !== 'error' || execution.triggerType === 'core_error_trigger') return;
  const candidates = await flows.listEnabled(execution.workspaceId);
  for (const flow of candidates) {
    if (flow.id === execution.flowId) continue;
    for (const node of nodesOf(flow, 'core_error_trigger')) {
      await runner.enqueue({
        workspaceId: flow.workspaceId,
        flowId: flow.id,
        triggerNodeUid: node.uid,
        msg: {
          payload: {
            error: result.error ?? { message: '' },
            execution_id: execution.id,
            flow_id: execution.flowId,
          },
        },
      });
    }
  }
}

/**
 * Activates the triggers of enabled flows: webhooks (looked up per request), schedules (timers
 * in this process, one run per tick thanks to `schedule_ticks`) and error flows. Enabling,
 * disabling, saving or deleting a flow reloads its triggers.
 */
export function createTriggerManager(deps: TriggerManagerDeps) {
  const { db, runner } = deps;
  const clock = deps.clock ?? systemClock;
  const repository = createTriggersRepository(db);
  const webhooks = new Map<string, FlowRow>();
  const schedules = new Map<string, Schedule>();
  let stopped = false;

  const report = (error: unknown, context: string) => deps.onError?.(error, context);

  const clearFlow = (flowId: string) => {
    webhooks.delete(flowId);
    for (const [key, schedule] of schedules) {
      if (key.startsWith(`${flowId}\0`)) {
        clock.clearTimeout(schedule.handle);
        schedules.delete(key);
      }
    }
  };

  const fire = async (flow: FlowRow, node: FlowNode, tickAt: Date) => {
    const tick = { flowId: flow.id, nodeUid: node.uid, tickAt };
    if (!(await repository.claimTick(tick))) return;
    const timezone = String(node.params.timezone || 'America/Sao_Paulo');
    const { execution_id } = await runner.enqueue({
      workspaceId: flow.workspaceId,
      flowId: flow.id,
      triggerNodeUid: node.uid,
      msg: { payload: { scheduled_at: tickAt.toISOString(), timezone } },
    });
    await repository.linkTick(tick, execution_id);
  };

  const arm = (flow: FlowRow, node: FlowNode) => {
    if (stopped || validateSchedule(node.params)) return;
    const key = `${flow.id}\0${node.uid}`;
    const [next] = nextRuns(node.params, new Date(clock.now()), 1);
    if (!next) return;
    const handle = clock.setTimeout(() => {
      if (clock.now() < next.getTime()) return arm(flow, node);
      void fire(flow, node, next)
        .catch((error: unknown) => report(error, 'agendamento'))
        .finally(() => {
          if (schedules.get(key)?.handle === handle) arm(flow, node);
        });
    }, next.getTime() - clock.now());
    schedules.set(key, { workspaceId: flow.workspaceId, handle });
  };

  const register = (flow: FlowRow) => {
    clearFlow(flow.id);
    if (!flow.enabled) return;
    if (nodesOf(flow, 'core_webhook_trigger').length) webhooks.set(flow.id, flow);
    for (const node of nodesOf(flow, 'core_schedule_trigger')) arm(flow, node);
  };

  const load = async (workspaceId?: string) => {
    const rows = workspaceId
      ? await deps.flows.listEnabled(workspaceId)
      : await deps.flows.listTriggers();
    for (const row of rows) register(row);
  };

  const onFinished = (result: ExecutionResult, execution: ExecutionRow) =>
    startErrorFlows(deps, result, execution);
  const finishedListener = (result: ExecutionResult, execution: ExecutionRow) =>
    void onFinished(result, execution).catch((error: unknown) => report(error, 'flow de erro'));

  return {
    async start() {
      stopped = false;
      runner.events.on('finished', finishedListener);
      await load();
    },

    /** After a flow was created, saved, duplicated or removed. */
    async reloadFlow(workspaceId: string, flowId: string) {
      const row = await deps.flows.find(workspaceId, flowId);
      if (row) register(row);
      else clearFlow(flowId);
    },

    async reloadWorkspace(workspaceId: string) {
      for (const [flowId, flow] of webhooks)
        if (flow.workspaceId === workspaceId) clearFlow(flowId);
      for (const [key, schedule] of schedules) {
        if (schedule.workspaceId === workspaceId) clearFlow(key.split('\0')[0]!);
      }
      await load(workspaceId);
    },

    /** The enabled webhook node of a flow for a method and path, or null (404). */
    findWebhook(flowId: string, method: string, path: string): WebhookHook | null {
      const flow = webhooks.get(flowId);
      if (!flow) return null;
      const node = webhookNode(flow, method, path);
      return node ? { flow, node } : null;
    },

    scheduledCount: (workspaceId: string) =>
      [...schedules.values()].filter((schedule) => schedule.workspaceId === workspaceId).length,

    stop() {
      stopped = true;
      runner.events.off('finished', finishedListener);
      for (const schedule of schedules.values()) clock.clearTimeout(schedule.handle);
      schedules.clear();
      webhooks.clear();
    },
  };
}

export type TriggerManager = ReturnType<typeof createTriggerManager>;
