import type { DebuggerState } from '@ponte/shared/live.schema';

/** Bus channels of the debugger across processes (docs/adr/0067). */
export const debugChannels = {
  /** Broadcast {workspaceId, flowId}: the flow's debug is on; workers attach its executions. */
  start: 'debug-start',
  /** Broadcast {workspaceId, flowId}: the flow's debug is off; workers stop their sessions. */
  stop: 'debug-stop',
  /** To the worker holding an output {requestId, workspaceId, flowId}: release it. */
  nextStep: 'debug-next-step',
  /** Back to the API process {requestId, outcome, state}. */
  reply: 'debug-reply',
} as const;

export interface DebugFlowMessage {
  workspaceId: string;
  flowId: string;
}

/**
 * The Redis keys of the debugger, under PONTE_REDIS_PREFIX: the flows in debug (hash flow →
 * workspace), per flow the workers holding a session of it (set) and their sessions' state (hash
 * process → JSON of `WorkerDebugState`).
 */
export function debugKeys(prefix: string) {
  return {
    flows: `${prefix}:debug:flows`,
    workers: (flowId: string) => `${prefix}:debug:workers:${flowId}`,
    state: (flowId: string) => `${prefix}:debug:state:${flowId}`,
  };
}

export type DebugKeys = ReturnType<typeof debugKeys>;

/** A worker's session of a flow, as the API reads it to answer next-step and the state. */
export interface WorkerDebugState {
  current: DebuggerState['current'];
  waiting: boolean;
  is_breakpoint: boolean;
  /** Since when (ms) an output is held; null when nothing is. */
  heldSince: number | null;
}

/** The workers' states of a flow (unreadable entries are skipped), oldest held output first. */
export function parseWorkerStates(
  hash: Record<string, string>,
): { processId: string; state: WorkerDebugState }[] {
  const states: { processId: string; state: WorkerDebugState }[] = [];
  for (const [processId, text] of Object.entries(hash)) {
    try {
      states.push({ processId, state: JSON.parse(text) as WorkerDebugState });
    } catch {
      // A half-written or foreign value is no session.
    }
  }
  const rank = (state: WorkerDebugState) => state.heldSince ?? Number.MAX_SAFE_INTEGER;
  return states.sort((a, b) => rank(a.state) - rank(b.state));
}
