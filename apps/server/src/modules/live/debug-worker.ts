import { within } from '../../lib/within';
import type { EventEmitter } from 'node:events';
import type { DebuggerMessage } from '@ponte/shared/live.schema';
import type { EngineEvent } from '@ponte/engine/executor/events';
import type { BusHandler, ClusterBus } from '../../cluster/cluster-bus';
import type { RunnerDebugHooks } from '../executions/execution-runner';
import type { ExecutionRow } from '../executions/executions.repository';
import type { LogEntry } from '../logs/log-writer';
import type { DebugSessions } from './debug-sessions';
import { debugEventMessage } from './debugger-message';
import { debugChannels, type DebugFlowMessage, type WorkerDebugState } from './debug-cluster-keys';
import type { DebugLink } from './debug-link';

export interface DebugWorkerDeps {
  sessions: DebugSessions;
  bus: ClusterBus;
  /** Several processes: the debugger's Redis (docs/adr/0067); null when Ponte is one process. */
  link: DebugLink | null;
  /** How often a worker re-reads the flows in debug from Redis (default 5 s). */
  reconcileMs?: number;
  onError(error: unknown): void;
}

/** The part of the debugger every process that runs executions has. */
export interface DebugWorker {
  /** The runner's debug hook: which executions run attached to a session. */
  hooks: RunnerDebugHooks;
  /** Follows the runner's events: log lines of executions in debug, the live list. */
  observe(runnerEvents: EventEmitter): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

type Listener = Parameters<EventEmitter['on']>[1];

/**
 * Removes the worker from the flow's session holders and, when it was the last one and the
 * debug is off, publishes `debug-stop`: one step, so a start waiting for the holders to end
 * says `debug-start` after it.
 */
const endScript = `
redis.call('srem', KEYS[1], ARGV[1])
redis.call('hdel', KEYS[2], ARGV[1])
if redis.call('scard', KEYS[1]) == 0 and redis.call('hexists', KEYS[3], ARGV[4]) == 0 then
  redis.call('publish', ARGV[2], ARGV[3])
  return 1
end
return 0`;

/**
 * The debugger's worker side. In one process: the runner's log lines feed the sessions. With
 * several (docs/adr/0067): the flows in debug come from Redis and the bus; an execution of one
 * opens this worker's session of it; held outputs, log lines and the session's state go to
 * Redis (the rooms through the socket.io adapter); next-step comes by the bus. Executions
 * starting or ending are told on the bus (`executions-changed`) for the live lists.
 */
export function createDebugWorker(deps: DebugWorkerDeps): DebugWorker {
  const { sessions } = deps;
  const offs: (() => void)[] = [];
  const onEvent = (
    event: EngineEvent,
    workspaceId: string,
    entries: LogEntry[] = [],
    masked?: LogEntry[],
  ) => sessions.handleEvent(event, workspaceId, entries, masked);
  const follow = (events: EventEmitter, name: string, listener: Listener) => {
    events.on(name, listener);
    offs.push(() => events.off(name, listener));
  };
  const closeOffs = () => {
    for (const off of offs.splice(0)) off();
  };
  if (!deps.link) {
    return {
      hooks: sessions,
      observe: (events) => follow(events, 'event', onEvent),
      start: async () => undefined,
      close: async () => closeOffs(),
    };
  }
  const cluster = clusterSide(deps, deps.link);
  return {
    hooks: cluster.hooks,
    observe(events) {
      follow(events, 'event', onEvent);
      const changed = (execution: ExecutionRow) =>
        void deps.bus
          .publish('executions-changed', { workspaceId: execution.workspaceId })
          .catch(deps.onError);
      follow(events, 'started', changed);
      follow(events, 'finished', (_result: unknown, execution: ExecutionRow) => changed(execution));
    },
    start: cluster.start,
    async close() {
      closeOffs();
      await cluster.close();
    },
  };
}

/** Takes the worker out of the sessions of these flows (it closes). */
async function leaveAll(link: DebugLink, processId: string, flows: string[]): Promise<void> {
  if (!flows.length) return;
  const batch = link.redis.multi();
  for (const flowId of flows)
    batch.srem(link.keys.workers(flowId), processId).hdel(link.keys.state(flowId), processId);
  await batch.exec();
}

/** The worker's state of the flow's session; `heldSince` keeps when each held output began. */
function stateOf(
  sessions: DebugSessions,
  heldSince: Map<string, number>,
  workspaceId: string,
  flowId: string,
): WorkerDebugState {
  const state = sessions.state(workspaceId, flowId);
  if (state.current === null || state.waiting) heldSince.delete(flowId);
  else if (!heldSince.has(flowId)) heldSince.set(flowId, Date.now());
  return {
    current: state.current,
    waiting: state.waiting,
    is_breakpoint: state.is_breakpoint,
    heldSince: heldSince.get(flowId) ?? null,
  };
}

/** The worker side with Redis: sessions opened on demand, their state and messages shared. */
/** Leaves the sessions' Redis sets, not waiting on a Redis that went away. */
async function leaveQuickly(
  link: DebugLink,
  processId: string,
  flowIds: string[],
  fail: (error: unknown) => void,
) {
  const up = link.redis.status === 'ready';
  await within(leaveAll(link, processId, flowIds).catch(fail), up ? 2_000 : 0);
}

function clusterSide(deps: DebugWorkerDeps, link: DebugLink) {
  const { sessions, bus } = deps;
  const { redis, keys } = link;
  const processId = bus.processId;
  /** The flows in debug, with their workspace. */
  const known = new Map<string, string>();
  /** Flows whose output is held here, since when. */
  const heldSince = new Map<string, number>();
  /** Flows of which this worker holds a session. */
  const mine = new Map<string, string>();
  const fail = (error: unknown) => deps.onError(error);
  const offs: (() => void)[] = [];
  let closed = false;

  /** This worker's state of the flow's session, in Redis before anything sent after it. */
  const publishState = async (workspaceId: string, flowId: string) => {
    if (!sessions.isActive(workspaceId, flowId)) return;
    await redis.hset(
      keys.state(flowId),
      processId,
      JSON.stringify(stateOf(sessions, heldSince, workspaceId, flowId)),
    );
  };

  const ended = (flowId: string) => {
    // Closing: the close takes this worker out of every flow it held.
    if (closed) return;
    mine.delete(flowId);
    heldSince.delete(flowId);
    const [channel, payload] = link.encode(flowId, debugEventMessage('debug-stop'));
    const keysOf = [keys.workers(flowId), keys.state(flowId), keys.flows];
    redis.eval(endScript, 3, ...keysOf, processId, channel, payload, flowId).catch(fail);
  };

  const hooks: RunnerDebugHooks = {
    attach(execution) {
      const { workspaceId, flowId } = execution;
      if (known.get(flowId) === workspaceId && !mine.has(flowId)) {
        mine.set(flowId, workspaceId);
        sessions.open(workspaceId, flowId, () => ended(flowId));
        redis.sadd(keys.workers(flowId), processId).catch(fail);
      }
      return sessions.attach(execution);
    },
    detach(execution) {
      sessions.detach(execution);
      publishState(execution.workspaceId, execution.flowId).catch(fail);
    },
  };

  // The session pauses right after the held output's event: its state is read a moment later,
  // and written before the message leaves on the same connection.
  const outbox: [string, DebuggerMessage, DebuggerMessage | undefined][] = [];
  const flush = () => {
    for (const [flowId, message, masked] of outbox.splice(0)) {
      const workspaceId = mine.get(flowId);
      if (message.iteration_type === 'node' && workspaceId)
        publishState(workspaceId, flowId).catch(fail);
      link.say(flowId, message, masked);
    }
  };
  offs.push(
    sessions.subscribe((flowId, message, masked) => {
      if (!outbox.length) queueMicrotask(flush);
      outbox.push([flowId, message, masked]);
    }),
  );

  /**
   * The flows in debug as Redis has them, the bus's messages being at most once: a start missed
   * is learnt, a session of a flow whose stop was missed ends.
   */
  const reconcile = async () => {
    const flows = await redis.hgetall(keys.flows);
    known.clear();
    for (const [flowId, workspaceId] of Object.entries(flows)) known.set(flowId, workspaceId);
    for (const [flowId, workspaceId] of mine)
      if (flows[flowId] !== workspaceId) sessions.stop(workspaceId, flowId, true);
  };
  let timer: NodeJS.Timeout | undefined;

  const handle = (channel: string, handler: (message: never, from: string) => unknown) =>
    offs.push(bus.subscribe(channel, handler as BusHandler));

  handle(debugChannels.start, ({ workspaceId, flowId }: DebugFlowMessage) => {
    known.set(flowId, workspaceId);
  });
  handle(debugChannels.stop, ({ workspaceId, flowId }: DebugFlowMessage) => {
    if (known.get(flowId) === workspaceId) known.delete(flowId);
    sessions.stop(workspaceId, flowId, true);
  });
  handle(
    debugChannels.nextStep,
    async (request: DebugFlowMessage & { requestId: string }, from: string) => {
      const { workspaceId, flowId } = request;
      const active = sessions.isActive(workspaceId, flowId);
      const outcome = active ? sessions.nextStep(workspaceId, flowId) : 'nothing-held';
      // The state right after the release, as one process answers it.
      const state = { ...sessions.state(workspaceId, flowId), active: true };
      await publishState(workspaceId, flowId);
      await bus.send(from, debugChannels.reply, { requestId: request.requestId, outcome, state });
    },
  );

  return {
    hooks,
    /** Learns the flows already in debug (a worker started after the debug), then keeps up. */
    async start() {
      await reconcile();
      timer = setInterval(() => void reconcile().catch(fail), deps.reconcileMs ?? 5_000);
      timer.unref();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      for (const off of offs.splice(0)) off();
      await leaveQuickly(link, processId, [...mine.keys()], fail);
      await link.close();
    },
  };
}
