import type { DebugSession } from '@ponte/engine/debugger/debug-session';
import type { EngineEvent } from '@ponte/engine/executor/events';
import type { DebuggerMessage, DebuggerState } from '@ponte/shared/live.schema';
import type { RunnerDebugHooks } from '../executions/execution-runner';
import type { ExecutionRow } from '../executions/executions.repository';
import type { LogEntry } from '../logs/log-writer';
import { debugEventMessage, debuggerLogMessage } from './debugger-message';

export interface DebugSessionsDeps {
  createSession: () => DebugSession;
  /** How long a stopped session waits for its executions before `debug-stop` goes anyway. */
  drainTimeoutMs?: number;
}

interface Entry {
  workspaceId: string;
  flowId: string;
  session: DebugSession;
  /** Executions running attached to the session. */
  attached: Set<string>;
  stopping: boolean;
  drained: Promise<void>;
  markDrained: () => void;
}

/**
 * A debugger message of the flow; `masked`, when the flow stores personal data masked
 * (docs/adr/0122): the same message as stored, for the sockets whose role may not read the
 * real values.
 */
export type DebuggerListener = (
  flowId: string,
  message: DebuggerMessage,
  masked?: DebuggerMessage,
) => void;

export type NextStepOutcome = 'released' | 'no-session' | 'nothing-held';

/** The state of a flow without a debug session. */
export const inactive: DebuggerState = {
  success: true,
  active: false,
  current: null,
  waiting: false,
  is_breakpoint: false,
};

const stateOf = (entry: Entry | undefined): DebuggerState => {
  if (!entry) return inactive;
  const state = entry.session.state();
  return {
    success: true,
    active: state.active,
    current: state.current ?? null,
    waiting: state.waiting,
    is_breakpoint: state.is_breakpoint,
  };
};

/** Where the session stands, as every log message of the moment tells it. */
function momentOf(session: DebugSession) {
  const state = session.state();
  return {
    is_debug_mode: state.active,
    is_breakpoint: state.is_breakpoint,
    waiting_next_step: state.current !== undefined && !state.waiting,
  };
}

/** A session just started: nothing attached, `drained` resolves once it has stopped and ended. */
function newEntry(workspaceId: string, flowId: string, session: DebugSession): Entry {
  let markDrained!: () => void;
  const drained = new Promise<void>((resolve) => (markDrained = resolve));
  return {
    workspaceId,
    flowId,
    session,
    attached: new Set(),
    stopping: false,
    drained,
    markDrained,
  };
}

/** Makes the entry the flow's active session; `onEnded` once it stopped and drained. */
function addEntry(active: Map<string, Entry>, entry: Entry, onEnded: () => void): Entry {
  void entry.drained.then(onEnded);
  active.set(entry.flowId, entry);
  return entry;
}

/**
 * The debug sessions of this process, one per flow (spec 1 §4 Debug). Every execution of a
 * flow that starts while its session is on runs attached to it; its log lines, and the outputs
 * the session holds, go to the listeners as debugger messages. A stopped session says
 * `debug-stop` once its executions have ended.
 */
/** The runner's side: an execution of a flow in debug is held by its session until it ends. */
function runnerHooks(
  find: (workspaceId: string, flowId: string) => Entry | undefined,
  ended: (entry: Entry) => void,
  byExecution: Map<string, Entry>,
): RunnerDebugHooks {
  return {
    attach(execution: ExecutionRow) {
      const entry = find(execution.workspaceId, execution.flowId);
      if (!entry) return undefined;
      entry.attached.add(execution.id);
      byExecution.set(execution.id, entry);
      return entry.session;
    },
    detach(execution: ExecutionRow) {
      const entry = byExecution.get(execution.id);
      if (!entry) return;
      byExecution.delete(execution.id);
      entry.attached.delete(execution.id);
      if (entry.stopping && !entry.attached.size) ended(entry);
    },
  };
}

export function createDebugSessions(deps: DebugSessionsDeps) {
  const drainTimeoutMs = deps.drainTimeoutMs ?? 10_000;
  const active = new Map<string, Entry>();
  /** Stopped sessions whose executions are still ending, by flow. */
  const stopping = new Map<string, Entry>();
  const listeners = new Set<DebuggerListener>();

  const send = (flowId: string, message: DebuggerMessage, masked?: DebuggerMessage) => {
    for (const listener of listeners) listener(flowId, message, masked);
  };

  const find = (workspaceId: string, flowId: string) => {
    const entry = active.get(flowId);
    return entry?.workspaceId === workspaceId ? entry : undefined;
  };

  const ended = (entry: Entry) => {
    if (stopping.get(entry.flowId) === entry) stopping.delete(entry.flowId);
    entry.markDrained();
  };

  const stopEntry = (entry: Entry) => {
    active.delete(entry.flowId);
    entry.stopping = true;
    entry.session.stop();
    if (!entry.attached.size) return ended(entry);
    stopping.set(entry.flowId, entry);
    setTimeout(() => ended(entry), drainTimeoutMs).unref();
  };

  const byExecution = new Map<string, Entry>();
  const hooks = runnerHooks(find, ended, byExecution);

  return {
    ...hooks,

    /** Receives every debugger message (the live socket sends them to `debugger-{flowId}`). */
    subscribe(listener: DebuggerListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    state(workspaceId: string, flowId: string): DebuggerState {
      return stateOf(find(workspaceId, flowId));
    },

    isActive(workspaceId: string, flowId: string): boolean {
      return find(workspaceId, flowId) !== undefined;
    },

    /** Starts the flow's session, or keeps the one that is on; says `debug-start` either way. */
    async start(workspaceId: string, flowId: string): Promise<DebuggerState> {
      let entry = find(workspaceId, flowId);
      if (!entry) {
        // A session still ending says debug-stop before the new one says debug-start.
        await stopping.get(flowId)?.drained;
        entry = find(workspaceId, flowId);
      }
      entry ??= addEntry(active, newEntry(workspaceId, flowId, deps.createSession()), () =>
        send(flowId, debugEventMessage('debug-stop')),
      );
      send(flowId, debugEventMessage('debug-start'));
      return stateOf(entry);
    },

    /**
     * Stops the flow's session: held executions end as stopped, and `debug-stop` goes once they
     * have. Without a session it says `debug-stop` at once (a screen waiting for it stops
     * waiting), unless `quiet` (a worker of several processes: the API process says it).
     */
    stop(workspaceId: string, flowId: string, quiet = false): DebuggerState {
      const entry = find(workspaceId, flowId);
      if (entry) stopEntry(entry);
      else if (!quiet && !stopping.has(flowId)) send(flowId, debugEventMessage('debug-stop'));
      return inactive;
    },

    /**
     * Opens the flow's session without a word to the room, unless one is on (a worker of several
     * processes: the API process that started the debug said `debug-start`). `onEnded` runs
     * once it has stopped and its executions ended, instead of `debug-stop`.
     */
    open(workspaceId: string, flowId: string, onEnded: () => void): void {
      if (!find(workspaceId, flowId))
        addEntry(active, newEntry(workspaceId, flowId, deps.createSession()), onEnded);
    },

    /** Releases the held output (spec 1 §4: only when a node is current and not waiting). */
    nextStep(workspaceId: string, flowId: string): NextStepOutcome {
      const entry = find(workspaceId, flowId);
      if (!entry) return 'no-session';
      return entry.session.nextStep() ? 'released' : 'nothing-held';
    },

    /**
     * An event of a running execution: its log lines become debugger messages; `masked`, the
     * same lines as stored when its flow masks personal data (docs/adr/0122).
     */
    handleEvent(
      event: EngineEvent,
      workspaceId: string,
      entries: readonly LogEntry[],
      masked?: readonly LogEntry[],
    ): void {
      if (!entries.length) return;
      const entry = byExecution.get(event.execution_id) ?? find(workspaceId, event.flow_id);
      if (!entry || !listeners.size) return;
      const moment = momentOf(entry.session);
      entries.forEach((line, index) => {
        const message = debuggerLogMessage(event, line, moment);
        const stored = masked?.[index];
        const hidden = stored && debuggerLogMessage(event, stored, moment, message.log?._id);
        send(entry.flowId, message, hidden);
      });
    },

    /** Stops the sessions of one workspace (its engine restarts). */
    stopWorkspace(workspaceId: string): void {
      for (const entry of [...active.values()]) {
        if (entry.workspaceId === workspaceId) stopEntry(entry);
      }
    },

    /** Stops every session (the app closes): held executions end instead of waiting. */
    stopAll(): void {
      for (const entry of [...active.values()]) stopEntry(entry);
    },
  };
}

export type DebugSessions = ReturnType<typeof createDebugSessions>;
