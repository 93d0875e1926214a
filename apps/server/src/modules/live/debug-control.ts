import type { DebuggerState } from '@ponte/shared/live.schema';
import type { DebugSessions, NextStepOutcome } from './debug-sessions';

/** The answer to next-step: what happened, and where the session stands after it. */
export interface NextStepAnswer {
  outcome: NextStepOutcome;
  state: DebuggerState;
}

/**
 * The debugger as the API sees it (spec 1 §4 Debug): in one process the sessions of this
 * process; with several, sessions kept in Redis and held by the workers (docs/adr/0067).
 */
export interface DebugControl {
  /** Starts the flow's session, or keeps the one that is on; says `debug-start` either way. */
  start(workspaceId: string, flowId: string): Promise<DebuggerState>;
  /** Stops it; says `debug-stop` once its executions ended (at once when there was none). */
  stop(workspaceId: string, flowId: string): Promise<DebuggerState>;
  /** Releases the held output. */
  nextStep(workspaceId: string, flowId: string): Promise<NextStepAnswer>;
  isActive(workspaceId: string, flowId: string): Promise<boolean>;
  /** Stops the sessions of one workspace (its engine restarts). */
  stopWorkspace(workspaceId: string): Promise<void>;
}

/** The debug control of a Ponte that runs as one process: its own sessions, as before. */
export function localDebugControl(sessions: DebugSessions): DebugControl {
  return {
    start: (workspaceId, flowId) => sessions.start(workspaceId, flowId),
    stop: async (workspaceId, flowId) => sessions.stop(workspaceId, flowId),
    async nextStep(workspaceId, flowId) {
      const outcome = sessions.nextStep(workspaceId, flowId);
      return { outcome, state: sessions.state(workspaceId, flowId) };
    },
    isActive: async (workspaceId, flowId) => sessions.isActive(workspaceId, flowId),
    stopWorkspace: async (workspaceId) => sessions.stopWorkspace(workspaceId),
  };
}
