import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import {
  literalSegments,
  matchWebhookPath,
} from '@ponte/engine/nodes/triggers/webhook-trigger/webhook-auth';
import { nextRuns, validateSchedule } from '@ponte/engine/nodes/triggers/schedule-trigger/schedule';
import {
  scheduleDayAllows,
  scheduleFiltersDays,
} from '@ponte/engine/nodes/triggers/schedule-trigger/schedule-days';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import type { ExecutionResult } from '@ponte/engine/executor/events';
import type { Database } from '../../db/client';
import type { ExecutionRunner } from '../executions/execution-runner';
import type { ExecutionRow } from '../executions/executions.repository';
import type { FlowRow } from '../flows/flows.repository';
import type { PollScheduler } from './poll-scheduler';
import { systemClock, type TimerClock } from './timer-clock';
import { createTriggersRepository } from './triggers.repository';
import { maskPersonalText } from '@ponte/shared/lgpd/personal-data-mask';

export interface WebhookHook {
  flow: FlowRow;
  node: FlowNode;
  /** The values of the path's `:nome` segments (docs/adr/0139); `{}` for a service hook. */
  params: Record<string, string>;
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
  /**
   * The kinds of triggers this process runs (docs/adr/0066; default all): webhooks in processes
   * that serve the API, schedule timers and error flows in processes that run work.
   */
  kinds?: TriggerKinds;
  onError?: (error: unknown, context: string) => void;
  /**
   * The polling triggers of service connectors (docs/adr/0091), given to the processes that run
   * schedules; the owner stops it.
   */
  polls?: PollScheduler;
  /** The workspace's own holidays, for schedules on business days (default: none). */
  workspaceHolidays?: (workspaceId: string) => Promise<WorkspaceHoliday[]>;
}

/** Which triggers a trigger manager activates. */
export interface TriggerKinds {
  webhooks: boolean;
  schedules: boolean;
  errorFlows: boolean;
}

const allKinds: TriggerKinds = { webhooks: true, schedules: true, errorFlows: true };

const nodesOf = (flow: FlowRow, type: string) =>
  ((flow.data as FlowDocument).nodes ?? []).filter((node) => node.type === type && !node.disabled);

/** A service connector's trigger node type (docs/adr/0091): `svc_<service>_trigger`. */
export const isServiceTriggerType = (type: string) => /^svc_[a-z0-9_]+_trigger$/.test(type);

/** The flow's enabled service-trigger nodes. */
const serviceTriggers = (flow: FlowRow) =>
  ((flow.data as FlowDocument).nodes ?? []).filter(
    (node) => isServiceTriggerType(node.type) && !node.disabled,
  );

/** Whether the flow has an address that outsiders call: a webhook or a service trigger. */
const calledFromOutside = (flow: FlowRow) =>
  nodesOf(flow, 'core_webhook_trigger').length > 0 || serviceTriggers(flow).length > 0;

function serviceHookOf(flow: FlowRow | undefined, nodeUid: string): WebhookHook | null {
  const node = flow && serviceTriggers(flow).find((candidate) => candidate.uid === nodeUid);
  return flow && node ? { flow, node, params: {} } : null;
}

/** How many of the flow's enabled schedule nodes have a valid schedule. */
const validSchedules = (flow: FlowRow) =>
  nodesOf(flow, 'core_schedule_trigger').filter((node) => !validateSchedule(node.params)).length;

/**
 * The flow's enabled webhook node for a method and path, with the values of its `:nome`
 * segments. When several match, the one with more fixed segments wins (`pedidos/novo` before
 * `pedidos/:id`), then the first in the flow.
 */
function webhookNode(
  flow: FlowRow,
  method: string,
  path: string,
): { node: FlowNode; params: Record<string, string> } | undefined {
  let best: { node: FlowNode; params: Record<string, string>; fixed: number } | undefined;
  for (const node of nodesOf(flow, 'core_webhook_trigger')) {
    if (String(node.params.method || 'POST').toUpperCase() !== method.toUpperCase()) continue;
    const pattern = String(node.params.path ?? '');
    const params = matchWebhookPath(pattern, path);
    if (!params) continue;
    const fixed = literalSegments(pattern);
    if (!best || fixed > best.fixed) best = { node, params, fixed };
  }
  return best && { node: best.node, params: best.params };
}

/** An execution that failed starts the workspace's error flows (never from an error flow). */
/**
 * The failed execution's error as its error flows receive it: masked when the execution stores
 * personal data masked (docs/adr/0122), so an error flow that does not mask keeps no real value.
 */
function errorPassedOn(result: ExecutionResult, execution: ExecutionRow) {
  const error = result.error ?? { message: '' };
  return execution.personalDataMasked
    ? { ...error, message: maskPersonalText(error.message) }
    : error;
}

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
            error: errorPassedOn(result, execution),
            execution_id: execution.id,
            flow_id: execution.flowId,
          },
        },
      });
    }
  }
}

/** How long a schedule with no run found waits before it looks again. */
const scheduleRecheckMs = 86_400_000;

/**
 * Arms a schedule node's next tick on the clock; when it comes, the tick is claimed in
 * `schedule_ticks` (one process wins it) and the winner enqueues the execution.
 */
function scheduleArmer(parts: {
  repository: ReturnType<typeof createTriggersRepository>;
  /** Its runner, and the workspace's holidays (none when not given). */
  deps: Pick<TriggerManagerDeps, 'runner' | 'workspaceHolidays'>;
  clock: TimerClock;
  schedules: Map<string, Schedule>;
  stopped: () => boolean;
  report: (error: unknown, context: string) => void;
}) {
  const { repository, clock, schedules } = parts;
  const { runner } = parts.deps;
  const holidaysOf = (workspaceId: string): Promise<WorkspaceHoliday[]> =>
    parts.deps.workspaceHolidays?.(workspaceId) ?? Promise.resolve([]);
  /** A tick on a day the schedule's 'Dias' refuses (a holiday of the workspace) starts nothing. */
  const refused = async (flow: FlowRow, node: FlowNode, tickAt: Date) =>
    scheduleFiltersDays(node.params) &&
    !scheduleDayAllows(node.params, tickAt, await holidaysOf(flow.workspaceId));
  const fire = async (flow: FlowRow, node: FlowNode, tickAt: Date) => {
    const tick = { flowId: flow.id, nodeUid: node.uid, tickAt };
    if (!(await repository.claimTick(tick))) return;
    if (await refused(flow, node, tickAt)) return;
    const timezone = String(node.params.timezone || 'America/Sao_Paulo');
    const { execution_id } = await runner.enqueue({
      workspaceId: flow.workspaceId,
      flowId: flow.id,
      triggerNodeUid: node.uid,
      msg: { payload: { scheduled_at: tickAt.toISOString(), timezone } },
    });
    await repository.linkTick(tick, execution_id);
  };

  const armAt = (flow: FlowRow, node: FlowNode, own: WorkspaceHoliday[]) => {
    const key = `${flow.id}\0${node.uid}`;
    if (parts.stopped()) return void schedules.delete(key);
    const [next] = nextRuns(node.params, new Date(clock.now()), 1, own);
    if (!next) {
      // Its days do not come within the search (36 months for an N-th business day): said, and
      // looked for again a day later (the workspace's holidays may change), never dropped.
      const name = node.label || node.uid;
      parts.report(
        new Error(
          `O agendamento "${name}" do flow ${flow.id} não tem disparo nos próximos meses com os dias escolhidos; o Ponte procura de novo em um dia.`,
        ),
        'agendamento',
      );
      const recheck = clock.setTimeout(() => arm(flow, node), scheduleRecheckMs);
      return void schedules.set(key, { workspaceId: flow.workspaceId, handle: recheck });
    }
    const handle = clock.setTimeout(() => {
      if (clock.now() < next.getTime()) return arm(flow, node);
      // The next tick is armed before this one fires: a fire slower than the interval (a busy
      // process, a slow database) never makes the schedule skip a tick.
      if (schedules.get(key)?.handle === handle) arm(flow, node);
      void fire(flow, node, next).catch((error: unknown) => parts.report(error, 'agendamento'));
    }, next.getTime() - clock.now());
    schedules.set(key, { workspaceId: flow.workspaceId, handle });
  };

  /** A schedule with 'Dias' asks the workspace's holidays first (its N-th day may move). */
  const arm = (flow: FlowRow, node: FlowNode) => {
    if (parts.stopped() || validateSchedule(node.params)) return;
    if (!scheduleFiltersDays(node.params)) return armAt(flow, node, []);
    // Held until the holidays come; a reload meanwhile replaces it and this one gives up.
    const key = `${flow.id}\0${node.uid}`;
    const pending = {};
    schedules.set(key, { workspaceId: flow.workspaceId, handle: pending });
    const armWith = (own: WorkspaceHoliday[]) => {
      if (schedules.get(key)?.handle === pending) armAt(flow, node, own);
    };
    holidaysOf(flow.workspaceId).then(armWith, (error: unknown) => {
      parts.report(error, 'agendamento');
      armWith([]);
    });
  };
  return arm;
}

/**
 * Activates the triggers of enabled flows: webhooks (looked up per request), schedules (timers
 * in this process, one run per tick thanks to `schedule_ticks`) and error flows, each where its
 * `kinds` says. Enabling, disabling, saving or deleting a flow reloads its triggers; `reconcile`
 * catches up with changes this process was not told about (docs/adr/0066).
 */
export function createTriggerManager(deps: TriggerManagerDeps) {
  const { db, runner } = deps;
  const clock = deps.clock ?? systemClock;
  const kinds = deps.kinds ?? allKinds;
  const repository = createTriggersRepository(db);
  const webhooks = new Map<string, FlowRow>();
  const schedules = new Map<string, Schedule>();
  /** Schedules of flows this process does not arm (API processes), for the engine status. */
  const declared = new Map<string, { workspaceId: string; count: number }>();
  /** Each enabled flow's `updated_at` when its triggers were loaded (reconciliation). */
  const loaded = new Map<string, { workspaceId: string; updatedAt: number }>();
  let stopped = false;

  const report = (error: unknown, context: string) => deps.onError?.(error, context);

  /** `flow`: the row being loaded (its polls armed again, or forgotten when it is disabled). */
  const clearFlow = (flowId: string, flow?: FlowRow) => {
    webhooks.delete(flowId);
    declared.delete(flowId);
    loaded.delete(flowId);
    deps.polls?.sync(flowId, flow);
    for (const [key, schedule] of schedules) {
      if (key.startsWith(`${flowId}\0`)) {
        clock.clearTimeout(schedule.handle);
        schedules.delete(key);
      }
    }
  };

  const arm = scheduleArmer({
    repository,
    deps,
    clock,
    schedules,
    stopped: () => stopped,
    report,
  });

  const register = (flow: FlowRow) => {
    clearFlow(flow.id, flow);
    if (!flow.enabled) return;
    loaded.set(flow.id, { workspaceId: flow.workspaceId, updatedAt: flow.updatedAt.getTime() });
    if (kinds.webhooks && calledFromOutside(flow)) webhooks.set(flow.id, flow);
    if (kinds.schedules) for (const node of nodesOf(flow, 'core_schedule_trigger')) arm(flow, node);
    else if (validSchedules(flow))
      declared.set(flow.id, { workspaceId: flow.workspaceId, count: validSchedules(flow) });
  };

  const load = async (workspaceId?: string) => {
    const rows = workspaceId
      ? await deps.flows.listEnabled(workspaceId)
      : await deps.flows.listTriggers();
    for (const row of rows) register(row);
  };

  /** Rearms the flows whose row changed or vanished since they were loaded; keeps the rest. */
  const reconcile = async () => {
    if (stopped) return;
    const rows = await deps.flows.listTriggers();
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.id);
      if (loaded.get(row.id)?.updatedAt !== row.updatedAt.getTime()) register(row);
    }
    for (const flowId of [...loaded.keys()]) if (!seen.has(flowId)) clearFlow(flowId);
  };

  const finishedListener = (result: ExecutionResult, execution: ExecutionRow) =>
    void startErrorFlows(deps, result, execution).catch((error: unknown) =>
      report(error, 'flow de erro'),
    );

  return {
    async start() {
      stopped = false;
      if (kinds.errorFlows) runner.events.on('finished', finishedListener);
      await load();
    },

    /** After a flow was created, saved, duplicated or removed. */
    async reloadFlow(workspaceId: string, flowId: string) {
      const row = await deps.flows.find(workspaceId, flowId);
      if (row) register(row);
      else clearFlow(flowId);
    },

    async reloadWorkspace(workspaceId: string) {
      // Every flow with triggers here is in `loaded`.
      for (const [flowId, entry] of loaded)
        if (entry.workspaceId === workspaceId) clearFlow(flowId);
      await load(workspaceId);
    },

    /**
     * Reads every enabled flow again and rearms what changed or vanished (a flow-changed message
     * this process missed); cheap when nothing changed: one read, no timer touched.
     */
    reconcile,

    /** The enabled webhook node of a flow for a method and path, or null (404). */
    findWebhook(flowId: string, method: string, path: string): WebhookHook | null {
      const flow = webhooks.get(flowId);
      if (!flow) return null;
      const found = webhookNode(flow, method, path);
      return found ? { flow, ...found } : null;
    },

    /** The enabled service-trigger node of an enabled flow, or null (404). */
    findServiceHook: (flowId: string, uid: string) => serviceHookOf(webhooks.get(flowId), uid),

    scheduledCount: (workspaceId: string) =>
      [...schedules.values()].filter((schedule) => schedule.workspaceId === workspaceId).length +
      [...declared.values()]
        .filter((entry) => entry.workspaceId === workspaceId)
        .reduce((sum, entry) => sum + entry.count, 0),

    stop() {
      stopped = true;
      runner.events.off('finished', finishedListener);
      for (const schedule of schedules.values()) clock.clearTimeout(schedule.handle);
      schedules.clear();
      webhooks.clear();
      declared.clear();
      loaded.clear();
    },
  };
}

export type TriggerManager = ReturnType<typeof createTriggerManager>;
