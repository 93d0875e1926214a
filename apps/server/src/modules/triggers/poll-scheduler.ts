import { createHash } from 'node:crypto';
import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { EnginePoll } from '@ponte/engine/engine';
import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import type { PollOutcome } from '@ponte/engine/kit/service-poll';
import type { Database } from '../../db/client';
import type { ExecutionRequest } from '../executions/execution-runner';
import type { FlowRow } from '../flows/flows.repository';
import type { LogEntry } from '../logs/log-writer';
import {
  createPollCursorsRepository,
  type PollCursorsRepository,
  type PollTick,
} from './poll-cursors.repository';
import type { TimerClock } from './timer-clock';

export interface PollSchedulerDeps {
  db: Database;
  /** A node type's definition in the library (its `poller`, when it polls a service). */
  definition(type: string, version?: number): NodeDefinition | undefined;
  /** One poll through the engine's ports (`engine.poll`). */
  poll(request: EnginePoll): Promise<PollOutcome>;
  enqueue(request: ExecutionRequest): Promise<unknown>;
  /** A line in the flow's monitoring logs. */
  log(entry: LogEntry): void;
  clock: TimerClock;
  report(error: unknown, context: string): void;
}

/** A poll longer than this is given up (docs/adr/0088); the next tick tries again. */
export const pollDeadlineMs = 2 * 60_000;

/** The node's type, version and params: a node saved with other ones starts over. */
const fingerprintOf = (node: FlowNode) =>
  createHash('sha256')
    .update(JSON.stringify([node.type, node.typeVersion ?? 1, node.params]))
    .digest('hex');

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The pt-BR line of a failed poll in the flow's monitoring logs. */
export const pollFailedLog = (label: string, reason: string, polled = false) =>
  polled
    ? `O gatilho "${label}" consultou o serviço, mas não conseguiu iniciar uma execução: ${reason} A próxima consulta tenta de novo.`
    : `O gatilho "${label}" não conseguiu consultar o serviço: ${reason} A próxima consulta tenta de novo.`;

/** One tick of a node: claimed, polled, its executions enqueued, then the cursor stored. */
async function fire(
  deps: PollSchedulerDeps,
  repository: PollCursorsRepository,
  flow: FlowRow,
  node: FlowNode,
  tickAt: Date,
) {
  const { clock } = deps;
  const tick: PollTick = {
    workspaceId: flow.workspaceId,
    flowId: flow.id,
    nodeUid: node.uid,
    fingerprint: fingerprintOf(node),
    tickAt,
  };
  const claimed = await repository.claim(tick);
  if (!claimed) return;
  /** Whether the service answered: a later failure is Ponte's (the flow is gone, say). */
  let polled = false;
  try {
    const outcome = await deps.poll({
      workspaceId: flow.workspaceId,
      flowId: flow.id,
      type: node.type,
      ...(node.typeVersion ? { version: node.typeVersion } : {}),
      params: node.params,
      cursor: claimed.cursor,
      signal: AbortSignal.timeout(pollDeadlineMs),
    });
    polled = true;
    for (const event of outcome.events) {
      await deps.enqueue({
        workspaceId: flow.workspaceId,
        flowId: flow.id,
        triggerNodeUid: node.uid,
        msg: { payload: event.payload, event: event.event },
      });
      await outcome.settle?.(event);
    }
    await repository.advance(tick, outcome.cursor, new Date(clock.now()));
  } catch (error) {
    const reason = reasonOf(error);
    const at = new Date(clock.now());
    deps.log({
      workspaceId: flow.workspaceId,
      flowId: flow.id,
      executionId: '',
      nodeUid: node.uid,
      type: 'internal',
      label: 'Consulta ao serviço',
      message: pollFailedLog(
        node.label || deps.definition(node.type, node.typeVersion)?.manifest.label || node.type,
        reason,
        polled,
      ),
      createdAt: at,
    });
    await repository.fail(tick, reason, at);
  }
}

/**
 * The polling triggers of enabled flows in this process (docs/adr/0091): each node's poll is
 * armed on its interval (ticks at multiples of it, the same in every process) and claimed in
 * `service_poll_cursors`, so one process polls each tick. The winner polls from the stored
 * cursor, enqueues one execution per new item in order, settles them with the service (an SQS
 * message deleted), then stores the new cursor. A failed poll writes a line in the flow's logs
 * and keeps the cursor; the next tick polls again.
 */
export function createPollScheduler(deps: PollSchedulerDeps) {
  const { clock } = deps;
  const repository = createPollCursorsRepository(deps.db);
  const timers = new Map<string, unknown>();

  function arm(flow: FlowRow, node: FlowNode, interval: number) {
    const key = `${flow.id}\0${node.uid}`;
    const next = (Math.floor(clock.now() / interval) + 1) * interval;
    const handle = clock.setTimeout(() => {
      if (timers.get(key) !== handle) return;
      if (clock.now() < next) return arm(flow, node, interval);
      // The next poll is armed before this one runs: a slow poll never shifts the ticks.
      arm(flow, node, interval);
      void fire(deps, repository, flow, node, new Date(next)).catch((error: unknown) =>
        deps.report(error, 'consulta a serviço'),
      );
    }, next - clock.now());
    timers.set(key, handle);
  }

  const pollNodes = (flow: FlowRow) =>
    ((flow.data as FlowDocument).nodes ?? []).flatMap((node) => {
      const poller = node.disabled
        ? undefined
        : deps.definition(node.type, node.typeVersion)?.poller;
      return poller ? [{ node, interval: poller.intervalMs(node.params) }] : [];
    });

  const clear = (flowId: string) => {
    for (const [key, handle] of timers) {
      if (!key.startsWith(`${flowId}\0`)) continue;
      clock.clearTimeout(handle);
      timers.delete(key);
    }
  };

  /** The flow was disabled: its cursors go. */
  const forget = (flowId: string) =>
    void repository
      .forget(flowId)
      .catch((error: unknown) => deps.report(error, 'consulta a serviço'));

  return {
    /**
     * A flow's polls disarmed, then armed again when `flow` (its row being loaded) is enabled;
     * when disabled, its cursors go (enabling it again starts over). Without `flow` (removed,
     * reloaded): only disarmed.
     */
    sync(flowId: string, flow?: FlowRow) {
      clear(flowId);
      if (!flow) return;
      if (!flow.enabled) return forget(flowId);
      for (const { node, interval } of pollNodes(flow)) arm(flow, node, interval);
    },
    stop() {
      for (const handle of timers.values()) clock.clearTimeout(handle);
      timers.clear();
    },
  };
}

export type PollScheduler = ReturnType<typeof createPollScheduler>;
