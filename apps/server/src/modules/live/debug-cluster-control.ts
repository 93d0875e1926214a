import { randomUUID } from 'node:crypto';
import type { DebuggerState } from '@ponte/shared/live.schema';
import type { ClusterBus } from '../../cluster/cluster-bus';
import type { DebugControl, NextStepAnswer } from './debug-control';
import { debugEventMessage } from './debugger-message';
import {
  debugChannels,
  parseWorkerStates,
  type DebugFlowMessage,
  type WorkerDebugState,
} from './debug-cluster-keys';
import type { DebugLink } from './debug-link';

export interface ClusterDebugControlDeps {
  link: DebugLink;
  bus: ClusterBus;
  /**
   * How long the workers' sessions of a stopped debug may take to end (theirs wait 10 s for
   * their executions); past it, holders that never answered are dropped (a dead worker).
   */
  drainTimeoutMs?: number;
  /** How long next-step waits for the holding worker. */
  replyTimeoutMs?: number;
  onError(error: unknown): void;
}

const inactive: DebuggerState = {
  success: true,
  active: false,
  current: null,
  waiting: false,
  is_breakpoint: false,
};

/** Takes the flow out of debug when it is on for the workspace; counts its holders either way. */
const stopScript = `
local holders = redis.call('scard', KEYS[2])
if redis.call('hget', KEYS[1], ARGV[1]) == ARGV[2] then
  redis.call('hdel', KEYS[1], ARGV[1])
  return {1, holders}
end
return {0, holders}`;

/** The session's state as one process would tell it: a held output first. */
function stateOf(states: { state: WorkerDebugState }[]): DebuggerState {
  const shown =
    states.find(({ state }) => state.heldSince !== null) ??
    states.find(({ state }) => state.current);
  return {
    success: true,
    active: true,
    current: shown?.state.current ?? null,
    waiting: shown?.state.waiting ?? false,
    is_breakpoint: shown?.state.is_breakpoint ?? false,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** next-step to a worker over the bus, its answer back (null when none came in time). */
function createAsker(bus: ClusterBus, timeoutMs: number) {
  const pending = new Map<string, (answer: NextStepAnswer | null) => void>();
  const off = bus.subscribe(debugChannels.reply, (message) => {
    const { requestId, ...answer } = message as NextStepAnswer & { requestId: string };
    pending.get(requestId)?.(answer);
  });
  return {
    ask(processId: string, flow: DebugFlowMessage) {
      return new Promise<NextStepAnswer | null>((resolve, reject) => {
        const requestId = randomUUID();
        const done = (answer: NextStepAnswer | null) => {
          clearTimeout(timer);
          pending.delete(requestId);
          resolve(answer);
        };
        const timer = setTimeout(() => done(null), timeoutMs);
        pending.set(requestId, done);
        bus.send(processId, debugChannels.nextStep, { requestId, ...flow }).catch((error) => {
          done(null);
          reject(error as Error);
        });
      });
    },
    close(): void {
      off();
      for (const done of [...pending.values()]) done(null);
    },
  };
}

/**
 * The debugger of an API process among several (docs/adr/0067): the flows in debug are kept
 * in Redis and announced on the bus; the workers hold the sessions and report their state;
 * next-step goes to the worker holding the oldest output, and its answer comes back by the bus.
 * `debug-start` is said here; `debug-stop` by the last worker whose session ends, or here when
 * no worker held one.
 */
export function createClusterDebugControl(deps: ClusterDebugControlDeps) {
  const { link, bus } = deps;
  const { redis, keys } = link;
  const drainTimeoutMs = deps.drainTimeoutMs ?? 12_000;
  const replyTimeoutMs = deps.replyTimeoutMs ?? 5_000;
  const timers = new Set<NodeJS.Timeout>();
  const asker = createAsker(bus, replyTimeoutMs);

  const owner = (flowId: string) => redis.hget(keys.flows, flowId);
  const states = async (flowId: string) =>
    parseWorkerStates(await redis.hgetall(keys.state(flowId)));

  /** Holders that did not end in time are gone: forget them and say `debug-stop` for them. */
  const dropHolders = async (flowId: string) => {
    const dropped = await redis.del(keys.workers(flowId), keys.state(flowId));
    if (dropped) link.say(flowId, debugEventMessage('debug-stop'));
  };

  /** A start after a stop waits for the stopped sessions to end (debug-stop before debug-start). */
  const waitEnded = async (flowId: string) => {
    const deadline = Date.now() + drainTimeoutMs;
    while (await redis.scard(keys.workers(flowId))) {
      if (Date.now() > deadline) return dropHolders(flowId);
      await pause(50);
    }
  };

  const later = (action: () => Promise<void>, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action().catch(deps.onError);
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const control: DebugControl = {
    async start(workspaceId, flowId) {
      if ((await owner(flowId)) !== workspaceId) {
        await waitEnded(flowId);
        await redis.hset(keys.flows, flowId, workspaceId);
        await bus.publish(debugChannels.start, { workspaceId, flowId });
      }
      link.say(flowId, debugEventMessage('debug-start'));
      return stateOf(await states(flowId));
    },

    async stop(workspaceId, flowId) {
      const [wasOn, holders] = (await redis.eval(
        stopScript,
        2,
        keys.flows,
        keys.workers(flowId),
        flowId,
        workspaceId,
      )) as [number, number];
      // Without holders nobody else will say it: at once, as one process does.
      if (!holders) link.say(flowId, debugEventMessage('debug-stop'));
      if (!wasOn) return inactive;
      await bus.publish(debugChannels.stop, { workspaceId, flowId });
      if (holders)
        later(async () => {
          if (!(await owner(flowId)) && (await redis.scard(keys.workers(flowId))))
            await dropHolders(flowId);
        }, drainTimeoutMs);
      return inactive;
    },

    async nextStep(workspaceId, flowId) {
      if ((await owner(flowId)) !== workspaceId) return { outcome: 'no-session', state: inactive };
      const all = await states(flowId);
      const holder = all.find(({ state }) => state.heldSince !== null);
      if (!holder) return { outcome: 'nothing-held', state: stateOf(all) };
      const answer = await asker.ask(holder.processId, { workspaceId, flowId });
      if (answer) return answer;
      // The holder is gone: its output is held nowhere.
      await redis.hdel(keys.state(flowId), holder.processId);
      return { outcome: 'nothing-held', state: stateOf(await states(flowId)) };
    },

    isActive: async (workspaceId, flowId) => (await owner(flowId)) === workspaceId,

    async stopWorkspace(workspaceId) {
      const flows = await redis.hgetall(keys.flows);
      const ofWorkspace = Object.entries(flows).filter(([, owner]) => owner === workspaceId);
      await Promise.all(ofWorkspace.map(([flowId]) => control.stop(workspaceId, flowId)));
    },
  };

  return {
    ...control,
    /** Forgets the questions and timers of this process (the link is closed by its owner). */
    close(): void {
      asker.close();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
