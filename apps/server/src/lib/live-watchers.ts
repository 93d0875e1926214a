import type { EventEmitter } from 'node:events';

/**
 * Who watches the executions of a flow live (the editor's node status, docs/adr/0128), per
 * runner: each follower of the runner's events that draws node states (the live module's
 * batchers) adds its own "is this flow watched" answer; the runner asks before each node run,
 * and the engine builds `node_started` and `node_progress` only when one of them says yes.
 */
export interface LiveWatchers {
  /** Adds an answer (a flow → whether it is watched here); returns its removal. */
  add(watched: (flowId: string) => boolean): () => void;
  /** Whether any follower watches the flow now: one call per follower, nothing when none. */
  watching(flowId: string): boolean;
}

function createLiveWatchers(): LiveWatchers {
  const answers = new Set<(flowId: string) => boolean>();
  return {
    add(watched) {
      answers.add(watched);
      return () => void answers.delete(watched);
    },
    watching(flowId) {
      for (const watched of answers) if (watched(flowId)) return true;
      return false;
    },
  };
}

const byRunner = new WeakMap<EventEmitter, LiveWatchers>();

/** The watchers of the runner whose events are `events` (the same for every caller). */
export function liveWatchersOf(events: EventEmitter): LiveWatchers {
  let watchers = byRunner.get(events);
  if (!watchers) byRunner.set(events, (watchers = createLiveWatchers()));
  return watchers;
}
